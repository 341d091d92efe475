import { describe, expect, it } from "vitest";
import { parseConversation, readStoredConversation, storedConversation } from "./conversation";

describe("a prompt's conversation (messages)", () => {
  it("splits the earlier turns from the final user turn, from JSON text (CSV) or a list (JSON Lines)", () => {
    const messages = [
      { role: "system", content: "Be brief." },
      { role: "user", content: "Name a prime." },
      { role: "assistant", content: "7." },
      { role: "user", content: [{ type: "text", text: "Another," }, { type: "text", text: "larger one?" }] },
    ];
    for (const value of [messages, JSON.stringify(messages)]) {
      const parsed = parseConversation(value);
      expect(parsed).toEqual({ ok: true, finalUserTurn: "Another,\n\nlarger one?", context: [
        { role: "system", content: "Be brief." }, { role: "user", content: "Name a prime." }, { role: "assistant", content: "7." }],
        contextImages: [[], [], []], finalImages: [] });
    }
  });

  it("keeps each turn's images (image_url parts) apart from its text, the final turn's separately", () => {
    const parsed = parseConversation([
      { role: "user", content: [{ type: "text", text: "What is in this chart?" }, { type: "image_url", image_url: { url: "charts/q1.png" } }] },
      { role: "assistant", content: "Sales by month." },
      { role: "user", content: [{ type: "image_url", image_url: "data:image/png;base64,AAAA" }, { type: "text", text: "And this one?" }] },
    ]);
    expect(parsed).toMatchObject({ ok: true, finalUserTurn: "And this one?", contextImages: [["charts/q1.png"], []], finalImages: ["data:image/png;base64,AAAA"] });
    if (parsed.ok) expect(parsed.context[0]).toEqual({ role: "user", content: "What is in this chart?" });
  });

  it.each([
    ["not json", "must be a JSON list of messages"],
    [{ role: "user", content: "hi" }, "must be a list of messages"],
    [[], "has no messages"],
    [[{ role: "user", content: "a" }, { role: "assistant", content: "b" }], "the last message must be the user turn the responses answer, not assistant"],
    [[{ role: "robot", content: "a" }], 'message 1: role must be one of system, user, assistant, got "robot"'],
    [[{ role: "user", content: "a" }, { role: "system", content: "b" }, { role: "user", content: "c" }], "message 2: a system message can only come first"],
    [[{ role: "user", content: "  " }], "message 1: content has no text"],
    [[{ role: "user", content: [{ type: "image_url", image_url: { url: "x.png" } }] }], "message 1: content has no text"],
    [[{ role: "user", content: [{ type: "text", text: "a" }, { type: "image_url", image_url: {} }] }], "message 1: an image part needs image_url.url"],
    [[{ role: "user", content: [{ type: "audio", data: "x" }] }], 'message 1: each content part must be { "type": "text"'],
    [[{ role: "user", content: 5 }], "message 1: content must be text or a list of parts"],
    [[{ role: "user", content: "a" }, "b"], "message 2 must be an object with role and content"],
    [Array.from({ length: 201 }, () => ({ role: "user", content: "a" })), "has 201 messages; at most 200"],
  ])("refuses %j, saying what is wrong", (value, problem) => {
    const parsed = parseConversation(value);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem).toContain(problem);
  });

  it("stores earlier turns as JSON and reads them back; a single-turn prompt stores nothing", () => {
    const context = [{ role: "user" as const, content: "Hi" }, { role: "assistant" as const, content: "Hello" }];
    expect(readStoredConversation(storedConversation(context))).toEqual(context);
    expect(storedConversation([])).toBeNull();
    expect(readStoredConversation(null)).toBeNull();
    expect(() => readStoredConversation('[{"role":"user"}]')).toThrow(/does not read back/);
    expect(() => readStoredConversation("{oops")).toThrow(/does not read back/);
  });
});
