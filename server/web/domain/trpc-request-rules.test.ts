import { describe, expect, it } from "vitest";
import { checkTrpcRequest, MAX_BATCH, MAX_BODY_BYTES } from "./trpc-request-rules";

describe("tRPC request limits", () => {
  it("lets single calls and small batches through", () => {
    expect(checkTrpcRequest({ path: "grading.next", batch: false, contentLength: 200 })).toEqual({ ok: true });
    expect(checkTrpcRequest({ path: Array(MAX_BATCH).fill("studies.list").join(","), batch: true, contentLength: null })).toEqual({ ok: true });
    expect(checkTrpcRequest({ path: "auth.login", batch: true, contentLength: 80 })).toEqual({ ok: true });
  });

  it("refuses a batch larger than the cap, naming its size", () => {
    const r = checkTrpcRequest({ path: Array(300).fill("auth.me").join(","), batch: true, contentLength: null });
    expect(r).toEqual({ ok: false, status: 400, message: `A batch may hold at most ${MAX_BATCH} calls; this one has 300.` });
  });

  it("never runs a login inside a batch, even a small one", () => {
    expect(checkTrpcRequest({ path: "auth.me,auth.login", batch: true, contentLength: 100 })).toMatchObject({ ok: false, status: 400 });
    expect(checkTrpcRequest({ path: "auth.login,auth.login", batch: true, contentLength: 100 })).toMatchObject({ ok: false, status: 400 });
  });

  it("refuses a declared body over the limit with 413", () => {
    expect(checkTrpcRequest({ path: "auth.login", batch: false, contentLength: MAX_BODY_BYTES + 1 })).toMatchObject({ ok: false, status: 413 });
    expect(checkTrpcRequest({ path: "auth.login", batch: false, contentLength: MAX_BODY_BYTES })).toEqual({ ok: true });
  });
});
