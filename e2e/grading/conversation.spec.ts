// A conversation prompt reads as a chat: every earlier turn in order with its role and images, the
// latest ones open and the rest one click away, then the final user turn the two responses answer.
import { expect, test } from "@playwright/test";
import { OPEN_TURNS } from "../../app/_lib/visible-turns";
import { DEMO_CONVERSATIONS } from "../../seed/demo-content";
import { loginAs, startStudy, USERS } from "../fixtures";

/** The first words of a turn as they read once rendered (no markdown marks, no code fence), up to a placeholder the demo fills. */
function snippet(content: string): string {
  const words = content.replace(/```\w*\n?/g, "").replace(/[*`#]/g, "").trim().split(/\s+/).slice(0, 3);
  const placeholder = words.findIndex((w) => w.includes("{"));
  return words.slice(0, placeholder < 0 ? 3 : placeholder).join(" ");
}

test("a grader reads each conversation's turns in order before the final turn, and grades it", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const studyId = await startStudy(browser, { name: "E2E conversations", type: "SIDE_BY_SIDE", models: ["Lumen Server 2026", "Lumen Server 2025"],
    promptSet: "Multi-turn chats 2026", locales: ["en-US"], dimensionKeys: ["overall"] });
  await loginAs(page, USERS.grader, "/queue");
  await page.goto(`/queue/${studyId}`);
  const seen = new Set<string>();
  let previous: string | null = null;
  for (let done = 1; done <= DEMO_CONVERSATIONS.length; done++) {
    const prompt = page.getByRole("region", { name: "Prompt" });
    await expect(prompt).toContainText("the turn the responses answer");
    // The next task replaces the last one without a page load: wait until it has.
    if (previous) await expect(prompt).not.toContainText(previous);
    const promptText = await prompt.innerText();
    const chat = DEMO_CONVERSATIONS.find((c) => promptText.includes(c.final));
    expect(chat, promptText).toBeTruthy();
    seen.add(chat!.final);
    previous = chat!.final;
    const transcript = page.getByRole("region", { name: "Conversation so far" });
    const turns = transcript.locator("li[data-turn]");
    if (chat!.turns.length > OPEN_TURNS + 1) {
      await expect(turns).toHaveCount(OPEN_TURNS);
      await expect(turns.first()).toHaveAttribute("data-turn", String(chat!.turns.length - OPEN_TURNS + 1));
      await transcript.getByRole("button", { name: `Show ${chat!.turns.length - OPEN_TURNS} earlier turns` }).click();
    }
    await expect(turns).toHaveCount(chat!.turns.length);
    for (const [i, turn] of chat!.turns.entries()) {
      await expect(turns.nth(i)).toHaveAttribute("data-role", turn.role);
      await expect(turns.nth(i)).toContainText(snippet(turn.content));
    }
    // A turn's image is shown with that turn, and it loads (served to this grader).
    const turnImages = transcript.getByRole("img");
    if (chat!.chart) {
      const image = turns.nth(0).getByRole("img", { name: "Image 1 of turn 1" });
      await expect(image).toBeVisible();
      await expect.poll(() => image.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      await expect(turnImages).toHaveCount(1);
    } else await expect(turnImages).toHaveCount(0);
    // The transcript comes before the final turn, which comes before the responses.
    const top = async (name: string) => (await page.getByRole("region", { name }).boundingBox())!.y;
    expect(await top("Conversation so far")).toBeLessThan(await top("Prompt"));
    expect(await top("Prompt")).toBeLessThan(await top("Response 1"));

    await page.getByRole("radiogroup", { name: "Overall" }).getByRole("radio", { name: "About the same", exact: true }).click();
    await page.getByRole("button", { name: /^Submit/ }).click();
    await expect(page.getByTestId("session-counter")).toContainText(`${done} done`);
  }
  expect(seen.size).toBe(DEMO_CONVERSATIONS.length);
  await expect(page.getByRole("heading", { name: "All done here" })).toBeVisible();
});
