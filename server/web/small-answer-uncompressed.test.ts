import { describe, expect, it } from "vitest";
import { COMPRESSION_THRESHOLD_BYTES, jsonAnswer, withSmallAnswerUncompressed } from "./small-answer-uncompressed";

const json = (text: string, init: ResponseInit = {}) => new Response(text, { headers: { "content-type": "application/json" }, ...init });

describe("withSmallAnswerUncompressed", () => {
  it("marks an answer under the threshold no-transform, and keeps its body, status and headers", async () => {
    const text = JSON.stringify({ result: { data: { json: { status: "stored", surplus: false } } } });
    const out = await withSmallAnswerUncompressed(json(text, { status: 207, statusText: "Multi-Status", headers: { "content-type": "application/json", "x-kept": "yes" } }), "no-store");
    expect(out.headers.get("cache-control")).toBe("no-store, no-transform");
    expect([out.status, out.statusText]).toEqual([207, "Multi-Status"]);
    expect(out.headers.get("content-type")).toBe("application/json");
    expect(out.headers.get("x-kept")).toBe("yes");
    expect(await out.text()).toBe(text);
  });

  it("leaves an answer of the threshold or more to be compressed", async () => {
    const text = "x".repeat(COMPRESSION_THRESHOLD_BYTES);
    const out = await withSmallAnswerUncompressed(json(text), "no-store");
    expect(out.headers.get("cache-control")).toBe("no-store");
    expect(await out.text()).toBe(text);
    const under = await withSmallAnswerUncompressed(json(text.slice(1)), "no-store");
    expect(under.headers.get("cache-control")).toBe("no-store, no-transform");
  });

  it("measures the body in bytes, not characters", async () => {
    // 400 characters, 1,200 bytes in UTF-8.
    const text = "世".repeat(400);
    const out = await withSmallAnswerUncompressed(json(text), "no-store");
    expect(out.headers.get("cache-control")).toBe("no-store");
    expect(await out.text()).toBe(text);
  });

  it("replaces the Cache-Control the answer had", async () => {
    const out = await withSmallAnswerUncompressed(json("{}", { headers: { "cache-control": "public, max-age=60" } }), "no-store");
    expect(out.headers.get("cache-control")).toBe("no-store, no-transform");
  });

  it("gives a status without a body none, with the Cache-Control asked for", async () => {
    const out = await withSmallAnswerUncompressed(new Response(null, { status: 204 }), "no-store");
    expect(out.status).toBe(204);
    expect(out.body).toBeNull();
    expect(out.headers.get("cache-control")).toBe("no-store");
  });
});

describe("jsonAnswer", () => {
  it("sends JSON with its status and headers, marked no-transform while small", async () => {
    const small = jsonAnswer({ ok: true }, 201, "no-store", { "Retry-After": "3" });
    expect(small.status).toBe(201);
    expect(small.headers.get("content-type")).toBe("application/json");
    expect(small.headers.get("retry-after")).toBe("3");
    expect(small.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(await small.json()).toEqual({ ok: true });
    const large = jsonAnswer({ text: "é".repeat(600) }, 200, "no-store");
    expect(large.headers.get("cache-control")).toBe("no-store");
  });

  it("keeps the Cache-Control it was asked for over one in the extra headers", () => {
    expect(jsonAnswer({}, 200, "no-store", { "Cache-Control": "public" }).headers.get("cache-control")).toBe("no-store, no-transform");
  });
});
