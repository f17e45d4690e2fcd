import type { Locator, Page } from "@playwright/test";
import { aiInstance } from "./support/ai-instance";
import { expect, openFromSidebar, test } from "./support/signed-in";

/**
 * Pattern extraction and AI extraction (against the fake AI server), Add All,
 * the usage counter moves, the "Limit Reached" state.
 *
 * These journeys run on the second server instance, whose AI_BASE_URL is the fake
 * OpenAI-compatible server and whose free plan allows two AI uses a month (support/ai-instance.ts).
 */
test.use({ baseURL: aiInstance.baseUrl });

const limit = aiInstance.freeMonthlyLimit;

function textArea(page: Page): Locator {
  return page.getByLabel("Text to extract tasks from");
}

function results(page: Page): Locator {
  return page.getByRole("region", { name: /^Extracted Tasks/ });
}

function resultItems(page: Page): Locator {
  return results(page).getByRole("listitem");
}

/** The usage card reads "used / limit", with the remaining count below. */
async function expectUsage(page: Page, used: number): Promise<void> {
  const card = page.getByRole("complementary", { name: "AI usage and examples" });
  await expect(card.getByText(`${used} / ${limit}`)).toBeVisible();
  await expect(card.getByText(/remaining$/)).toHaveText(`${limit - used} remaining`);
}

function taskCard(page: Page, title: string): Locator {
  return page.getByRole("list", { name: "Tasks" }).getByRole("heading", { name: title, exact: true });
}

test("pattern extraction finds the checklist's tasks, costs no AI use, and Add All puts them on the list", async ({
  page,
  account: _account,
}) => {
  const checklist = [
    "## Launch checklist",
    "- [ ] Write the release notes #high",
    "- [ ] Update the pricing page #marketing",
    "- [x] Freeze the main branch",
    "Some prose that is not a task.",
  ].join("\n");

  await openFromSidebar(page, "AI Extract");
  await expect(page.getByRole("heading", { name: "AI Text Extraction" })).toBeVisible();
  await expect(page.getByText("Free Plan")).toBeVisible();
  await expectUsage(page, 0);
  // The pattern method is the default.
  await expect(page.getByRole("tab", { name: "Pattern" })).toHaveAttribute("aria-selected", "true");

  await textArea(page).fill(checklist);
  await expect(page.getByText(`${checklist.length} / 50,000 characters`)).toBeVisible();
  await page.getByRole("button", { name: "Extract Tasks" }).click();

  await expect(resultItems(page)).toHaveCount(3);
  // Each result shows its source, "Pattern" here.
  for (const item of await resultItems(page).all()) {
    await expect(item.getByText(/^Source:\s*Pattern$/)).toBeVisible();
  }
  const [notes, pricing, freeze] = [
    resultItems(page).nth(0),
    resultItems(page).nth(1),
    resultItems(page).nth(2),
  ];
  await expect(notes.getByText("Write the release notes", { exact: true })).toBeVisible();
  await expect(notes.getByText(/^Priority:\s*High$/)).toBeVisible();
  await expect(pricing.getByText("Update the pricing page", { exact: true })).toBeVisible();
  await expect(pricing.getByText("#marketing")).toBeVisible();
  await expect(freeze.getByText("Freeze the main branch", { exact: true })).toBeVisible();
  await expect(freeze.getByText(/^Status:\s*Completed$/)).toBeVisible();
  // The pattern method does not count toward AI usage.
  await expectUsage(page, 0);

  await page.getByRole("button", { name: "Add All Tasks to My List" }).click();
  await expect(page.getByText("3 tasks were added to your list.")).toBeVisible();
  await expect(results(page)).toHaveCount(0);

  await openFromSidebar(page, "Tasks");
  for (const title of ["Write the release notes", "Update the pricing page", "Freeze the main branch"]) {
    await expect(taskCard(page, title)).toBeVisible();
  }
});

test("AI extraction is marked AI, moves the usage counter, and stops at the monthly limit", async ({
  page,
  account,
}) => {
  await openFromSidebar(page, "AI Extract");
  await expectUsage(page, 0);
  const aiTab = page.getByRole("tab", { name: /AI Analysis/ });
  await aiTab.click();
  await expect(aiTab).toHaveAttribute("aria-selected", "true");

  await test.step("the first AI extraction: the fake AI's tasks, marked AI, one use counted", async () => {
    // Noun phrases, not requests: the built-in engine would find nothing here, the fake AI
    // (each line a task) finds both, so the results show which provider answered.
    await textArea(page).fill("Venue catering quote\nName badges for the speakers");
    await page.getByRole("button", { name: "Extract Tasks" }).click();
    await expect(resultItems(page)).toHaveCount(2);
    await expect(resultItems(page).nth(0).getByText("Venue catering quote", { exact: true })).toBeVisible();
    await expect(
      resultItems(page).nth(1).getByText("Name badges for the speakers", { exact: true }),
    ).toBeVisible();
    for (const item of await resultItems(page).all()) {
      await expect(item.getByText(/^Source:\s*AI$/)).toBeVisible();
    }
    // The premium limit is refetched after each extraction.
    await expectUsage(page, 1);
  });

  await test.step("Add All puts the AI's tasks on the list", async () => {
    await page.getByRole("button", { name: "Add All Tasks to My List" }).click();
    await expect(page.getByText("2 tasks were added to your list.")).toBeVisible();
    await openFromSidebar(page, "Tasks");
    await expect(taskCard(page, "Venue catering quote")).toBeVisible();
    await expect(taskCard(page, "Name badges for the speakers")).toBeVisible();
    const sources = (await account.api.tasks()).map((task) => task.source.type);
    expect(sources).toEqual(["Llm", "Llm"]);
  });

  await test.step("the second AI extraction spends the quota: the AI tab shows Limit Reached", async () => {
    await openFromSidebar(page, "AI Extract");
    await expect(aiTab).toHaveAttribute("aria-selected", "true");
    await textArea(page).fill("Speaker dinner booking");
    await page.getByRole("button", { name: "Extract Tasks" }).click();
    await expect(resultItems(page)).toHaveCount(1);
    await expect(resultItems(page).getByText(/^Source:\s*AI$/)).toBeVisible();
    await expectUsage(page, 2);

    // The AI tab is disabled and shows "Limit Reached" once the limit is used up.
    await expect(aiTab).toBeDisabled();
    await expect(aiTab.getByText("Limit Reached")).toBeVisible();
    // The AI method is blocked, with the "Usage limit reached" toast.
    await page.getByRole("button", { name: "Extract Tasks" }).click();
    await expect(page.getByText("Usage limit reached", { exact: true })).toBeVisible();
    await expect(
      page.getByText(
        "You have reached your monthly AI usage limit. Please upgrade to continue using AI extraction.",
      ),
    ).toBeVisible();
    expect(await account.api.get("/premium/limit")).toMatchObject({ current_usage: 2, usage_limit: limit });

    // The pattern method still works, and still costs nothing.
    await page.getByRole("tab", { name: "Pattern" }).click();
    await textArea(page).fill("- [ ] Confirm the speaker dinner");
    await page.getByRole("button", { name: "Extract Tasks" }).click();
    await expect(resultItems(page)).toHaveCount(1);
    await expect(resultItems(page).getByText(/^Source:\s*Pattern$/)).toBeVisible();
    await expectUsage(page, 2);
  });
});
