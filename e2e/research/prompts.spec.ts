// The Prompts page's address: what it asks for is shown or refused, never quietly replaced by
// something else (another prompt set, or every modality).
import { expect, test } from "@playwright/test";
import { USERS, loginAs } from "../fixtures";

test("says when its address asks for a set, modality or locale it cannot show", async ({ page }) => {
  await loginAs(page, USERS.researcher, "/studies");
  await page.goto("/prompts");
  const matching = page.getByText(/^\d+ matching$/);
  await expect(matching).toBeVisible();

  // A prompt set that does not exist is refused, not replaced by the first set.
  await page.goto("/prompts?set=no-such-set");
  const refused = page.getByRole("alert").filter({ hasText: "does not exist" });
  await expect(refused).toContainText("“no-such-set”");
  await expect(page.locator("main li")).toHaveCount(0);
  await refused.getByRole("link", { name: "Show the prompts" }).click();
  await expect(matching).toBeVisible();

  // A modality that is none is refused, not dropped (which showed every modality).
  await page.goto("/prompts?modality=bogus");
  await expect(page.getByRole("alert").filter({ hasText: "not a modality" })).toContainText("“bogus”");
  await expect(matching).toHaveCount(0);

  // A locale the set lacks stays chosen, marked, and matches nothing.
  await page.goto("/prompts?locale=xx-XX");
  const locale = page.getByLabel("Locale");
  await expect(locale).toHaveValue("xx-XX");
  await expect(locale.locator("option:checked")).toHaveText("xx-XX (not in this set)");
  await expect(page.getByText("0 matching")).toBeVisible();

  // A page past the last is said, with a way to the last.
  await page.goto("/prompts?page=999");
  await expect(page.getByRole("note").filter({ hasText: "asks for page 1000" })).toBeVisible();
  await page.getByRole("link", { name: "Show the last page" }).click();
  await expect(page.locator("main li").first()).toBeVisible();

  // Another spelling of a modality is read, and the select shows it as chosen.
  await page.goto("/prompts?modality=Text");
  await expect(page.getByLabel("Modality")).toHaveValue("text");
});
