import type { Locator, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import {
  expect,
  greeting,
  openFromSidebar,
  signInThroughLoginPage,
  test,
  type Account,
} from "./support/signed-in";

/**
 * What a new user trips over in the first hour, each as that user would meet it: real browser,
 * real server, real database, mail caught by the SMTP sink.
 */

/** Today in UTC (the profile's zone unless a test changes it), as an instant at `hour`:00. */
function todayAt(hour: number, dayOffset = 0): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + dayOffset);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
}

async function createTasks(account: Account, tasks: Record<string, unknown>[]): Promise<void> {
  for (const task of tasks) await account.api.post("/api/v1/tasks", task);
}

function taskTitles(page: Page): Locator {
  return page.getByRole("main").getByRole("listitem").getByRole("heading", { level: 2 });
}

test.describe("1. date-only due dates", () => {
  test("a date alone (or 'Tomorrow') is due all day and shows without a time", async ({ page, account }) => {
    await openFromSidebar(page, "Tasks");
    await page.getByRole("button", { name: "Create Task" }).first().click();
    let dialog = page.getByRole("dialog", { name: "Create New Task" });
    await dialog.getByLabel("Title").fill("Renew the lease");
    await dialog.getByLabel("Due Date").fill("03/15/2030");
    await expectNoSeriousA11yViolations(page, "Create Task dialog with the due-date field", {
      include: '[role="dialog"]',
    });
    await dialog.getByRole("button", { name: "Create Task" }).click();
    await expect(dialog).toHaveCount(0);

    const lease = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Renew the lease" }) });
    await expect(lease.getByText(/Mar 15, 2030$/)).toBeVisible();
    const [stored] = await account.api.tasks();
    // All day: the last millisecond of that day in the user's zone (UTC here).
    expect(stored!.due_date).toBe("2030-03-15T23:59:59.999Z");

    await page.getByRole("button", { name: "Create Task" }).first().click();
    dialog = page.getByRole("dialog", { name: "Create New Task" });
    await dialog.getByLabel("Title").fill("Call the plumber");
    await dialog.getByRole("button", { name: "Tomorrow" }).click();
    await dialog.getByRole("button", { name: "Create Task" }).click();
    await expect(dialog).toHaveCount(0);
    const tomorrow = new Date();
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    const plumber = (await account.api.tasks()).find((task) => task.title === "Call the plumber")!;
    expect(plumber.due_date).toBe(`${tomorrow.toISOString().slice(0, 10)}T23:59:59.999Z`);

    await lease.getByRole("button", { name: 'Edit "Renew the lease"' }).click();
    dialog = page.getByRole("dialog", { name: "Edit Task" });
    await expect(dialog.getByLabel("Due Date")).toHaveValue("03/15/2030");
    await expect(dialog.getByLabel("Due time (optional)")).toHaveValue("");
  });
});

test.describe("2. focus after a dialog", () => {
  test("focus returns to the opener, and Escape with unsaved input asks first", async ({ page, account }) => {
    await createTasks(account, [{ title: "Existing errand" }]);
    await openFromSidebar(page, "Tasks");
    const edit = page.getByRole("button", { name: 'Edit "Existing errand"' });
    await edit.click();
    await expect(page.getByRole("dialog", { name: "Edit Task" })).toBeVisible();
    await page.getByRole("dialog", { name: "Edit Task" }).getByRole("button", { name: "Cancel" }).click();
    await expect(edit).toBeFocused();

    const create = page.getByRole("button", { name: "Create Task" }).first();
    await create.click();
    const dialog = page.getByRole("dialog", { name: "Create New Task" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(create).toBeFocused();

    await create.click();
    await dialog.getByLabel("Title").fill("Half-typed idea");
    page.once("dialog", (question) => {
      expect(question.message()).toBe("Discard your unsaved changes?");
      void question.dismiss();
    });
    await page.keyboard.press("Escape");
    await expect(dialog.getByLabel("Title")).toHaveValue("Half-typed idea");

    page.once("dialog", (question) => void question.accept());
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(create).toBeFocused();

    await create.click();
    await dialog.getByLabel("Title").fill("Saved idea");
    await dialog.getByRole("button", { name: "Create Task" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(create).toBeFocused();
  });
});

test.describe("3. scroll position", () => {
  test("a new page opens at the top and back returns to where the reader was", async ({ page, account }) => {
    await createTasks(
      account,
      Array.from({ length: 30 }, (_, index) => ({ title: `Errand number ${index + 1}`, priority: "medium" })),
    );
    await openFromSidebar(page, "Tasks");
    await expect(taskTitles(page).first()).toBeVisible();
    // Wheel over the list: the pointer is still on the sidebar link, which the wheel may not scroll.
    await taskTitles(page).first().hover();
    // A wheel turned before the page takes it scrolls nothing: turn it again until it has.
    await expect(async () => {
      await page.mouse.wheel(0, 600);
      await expect
        .poll(() => page.evaluate<number>("window.scrollY"), { timeout: 2_000 })
        .toBeGreaterThan(400);
    }).toPass();
    // Where the page came to rest: the wheel may still be scrolling when it first passes 400.
    let scrolled = -1;
    await expect
      .poll(async () => {
        const now = await page.evaluate<number>("window.scrollY");
        const resting = now === scrolled;
        scrolled = now;
        return resting;
      })
      .toBe(true);

    await openFromSidebar(page, "Settings");
    await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
    expect(await page.evaluate<number>("window.scrollY")).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/tasks$/);
    await expect.poll(() => page.evaluate<number>("window.scrollY")).toBe(scrolled);
  });
});

test.describe("4. the header's search box", () => {
  test("Enter opens /tasks filtered by the text, and there the two boxes are one search", async ({
    page,
    account,
  }) => {
    await createTasks(account, [{ title: "Buy oat milk" }, { title: "Call the landlord" }]);
    const headerSearch = page.getByRole("banner").getByRole("searchbox", { name: "Search tasks" });
    await headerSearch.fill("milk");
    await headerSearch.press("Enter");

    await expect(page).toHaveURL(/\/tasks\?q=milk$/);
    await expect(taskTitles(page)).toHaveText(["Buy oat milk"]);
    const screenSearch = page.getByRole("main").getByRole("searchbox", { name: "Search tasks" });
    await expect(screenSearch).toHaveValue("milk");
    await expect(headerSearch).toHaveValue("milk");

    await headerSearch.fill("landlord");
    await expect(screenSearch).toHaveValue("landlord");
    await expect(taskTitles(page)).toHaveText(["Call the landlord"]);
    await expect(page).toHaveURL(/\/tasks\?q=landlord$/);
  });
});

test.describe("5. extraction results", () => {
  test("a junk task is removed, another edited, only they are added; a new extraction replaces the panel", async ({
    page,
    account,
  }) => {
    await openFromSidebar(page, "AI Extract");
    const text = page.getByLabel("Text to extract tasks from");
    await text.fill("- [ ] Call the bank\n- [ ] asdf\n- [ ] Book the venue");
    await page.getByRole("button", { name: "Extract Tasks" }).click();
    const panel = page.getByRole("region", { name: /Extracted Tasks/ });
    await expect(panel.getByRole("listitem")).toHaveCount(3);

    await panel.getByRole("button", { name: 'Remove "asdf"' }).click();
    await panel.getByRole("button", { name: 'Edit "Call the bank"' }).click();
    await panel.getByRole("textbox", { name: "Title" }).fill("Call the bank about the loan");
    await panel.getByRole("combobox", { name: "Priority" }).selectOption({ label: "High" });
    await expectNoSeriousA11yViolations(page, "Extract results while editing one");
    await panel.getByRole("button", { name: "Done" }).click();
    await expect(panel.getByRole("listitem")).toHaveCount(2);

    await page.getByRole("button", { name: "Add All Tasks to My List" }).click();
    await expect
      .poll(async () => (await account.api.tasks()).map((task) => task.title).sort())
      .toEqual(["Book the venue", "Call the bank about the loan"]);
    expect((await account.api.tasks()).find((task) => task.title.startsWith("Call"))!.priority).toBe("high");

    await text.fill("- [ ] Water the plants");
    await page.getByRole("button", { name: "Extract Tasks" }).click();
    await expect(panel.getByRole("listitem")).toHaveCount(1);
    await text.fill("Nothing to do here, just saying hello.");
    await page.getByRole("button", { name: "Extract Tasks" }).click();
    await expect(page.getByText("No tasks found in this text")).toBeVisible();
    await expect(panel).toHaveCount(0);
  });
});

test.describe("6. the Tasks screen as a daily tool", () => {
  test.use({ openDashboard: false });

  test("filter chips, Hide completed (remembered), sort, Today and Upcoming", async ({ page, account }) => {
    await createTasks(account, [
      { title: "Pay the rent", priority: "high", tags: ["home"], due_date: todayAt(18) },
      { title: "Renew passport", priority: "low", due_date: todayAt(12, -2) },
      { title: "Ship the report", priority: "urgent", tags: ["work"], due_date: todayAt(9, 2) },
      { title: "Plan the offsite", priority: "medium", tags: ["work"], due_date: todayAt(9, 12) },
      { title: "Water the plants", priority: "medium", tags: ["home"] },
    ]);
    const [, , , , done] = await account.api.tasks();
    await account.api.put(`/api/v1/tasks/${done!.id}`, { status: "completed" });
    const cancelled = (await account.api.tasks()).find((task) => task.title === "Plan the offsite")!;
    await account.api.put(`/api/v1/tasks/${cancelled.id}`, { status: "cancelled" });

    await page.goto("/tasks");
    await expect(taskTitles(page)).toHaveCount(5);

    // Due today is marked and shows its time; cancelled reads as cancelled.
    const rent = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Pay the rent" }) });
    await expect(rent.getByText(/Today, 6:00 PM$/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Plan the offsite" })).toHaveCSS(
      "text-decoration-line",
      "line-through",
    );
    await expect(rent.getByRole("button", { name: 'Edit "Pay the rent"' })).toHaveAttribute(
      "title",
      "Edit task",
    );

    // The chips wait behind "Filters", in one row.
    await page.getByRole("button", { name: "Filters" }).click();
    await page.getByRole("group", { name: "Tag" }).getByRole("button", { name: "work" }).click();
    await expect(taskTitles(page)).toHaveText(["Ship the report", "Plan the offsite"]);
    await page.getByRole("group", { name: "Priority" }).getByRole("button", { name: "Urgent" }).click();
    await expect(taskTitles(page)).toHaveText(["Ship the report"]);
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(taskTitles(page)).toHaveCount(5);

    await page.getByRole("switch", { name: "Hide completed" }).click();
    await expect(page.getByRole("heading", { name: "Water the plants" })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("switch", { name: "Hide completed" })).toBeChecked();
    await expect(taskTitles(page)).toHaveCount(4);

    await page.getByRole("combobox", { name: "Sort by" }).selectOption({ label: "Priority" });
    await expect(taskTitles(page).first()).toHaveText("Ship the report");

    const views = page.getByRole("group", { name: "View" });
    await views.getByRole("button", { name: "Today" }).click();
    await expect(taskTitles(page)).toHaveText(["Pay the rent", "Renew passport"]);
    await views.getByRole("button", { name: "Upcoming" }).click();
    const days = page.getByRole("main").getByRole("region");
    await expect(days).toHaveCount(1);
    await expect(days.getByRole("heading", { name: "Ship the report" })).toBeVisible();

    await expectNoSeriousA11yViolations(page, "Tasks screen, Upcoming view");
  });

  for (const { device, viewport, atLeast } of [
    { device: "a 1280 × 800 screen", viewport: { width: 1280, height: 800 }, atLeast: 8 },
    { device: "a phone", viewport: { width: 375, height: 667 }, atLeast: 5 },
  ]) {
    test(`at least ${atLeast} tasks fit on ${device}`, async ({ page, account }) => {
      await page.setViewportSize(viewport);
      await createTasks(
        account,
        Array.from({ length: 12 }, (_, index) => ({
          title: `Follow up with supplier ${index + 1}`,
          description: "Ask about the delivery date and the invoice",
          priority: "high",
          tags: ["work"],
          due_date: todayAt(15, index + 1),
        })),
      );
      await page.goto("/tasks");
      await expect(page.getByRole("main").getByText("12 tasks")).toBeVisible();
      const cards = page.getByRole("main").getByRole("listitem");
      // Scroll the list up to just under the sticky header, then count the whole cards in view.
      const headerHeight = (await page.getByRole("banner").boundingBox())!.height;
      const firstTop = (await cards.first().boundingBox())!.y;
      await page.evaluate(`window.scrollBy(0, ${Math.round(firstTop - headerHeight - 8)})`);
      await expect.poll(() => page.evaluate<number>("window.scrollY")).toBeGreaterThan(0);
      let fullyVisible = 0;
      for (const card of await cards.all()) {
        const box = await card.boundingBox();
        if (box && box.y >= headerHeight && box.y + box.height <= viewport.height) fullyVisible += 1;
      }
      expect(fullyVisible).toBeGreaterThanOrEqual(atLeast);
    });
  }
});

test.describe("7. the right timezone from the start", () => {
  test.use({ timezoneId: "Europe/Berlin" });

  test("the dashboard offers the browser's zone once; the pickers are searchable with offsets", async ({
    page,
    account,
  }) => {
    const offer = page.getByRole("region", { name: "Use Europe/Berlin as your timezone?" });
    await expect(offer).toBeVisible();
    await expect(offer.getByRole("button", { name: "Keep UTC" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "Dashboard with the timezone offer");
    await offer.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("Dates now follow Europe/Berlin.")).toBeVisible();
    await expect(offer).toHaveCount(0);
    expect((await account.api.get<{ timezone: string }>("/auth/me")).timezone).toBe("Europe/Berlin");
    await page.reload();
    await expect(greeting(page)).toBeVisible();
    await expect(page.getByRole("region", { name: /as your timezone\?$/ })).toHaveCount(0);

    await openFromSidebar(page, "Settings");
    const picker = page.getByRole("combobox", { name: "Timezone" });
    await expect(picker.locator("option").first()).toHaveText(
      /^Europe\/Berlin \(UTC\+0[12]:00\) · your browser$/,
    );
    await expect(picker.locator('option[value="Asia/Calcutta"]')).toHaveCount(0);
    await expect(picker.locator('option[value="Europe/Kiev"]')).toHaveCount(0);
    await page.getByRole("searchbox", { name: "Search timezones" }).fill("kolkata");
    await expect(picker).toHaveValue("Asia/Kolkata");
    await expect(picker.locator("option:checked")).toHaveText("Asia/Kolkata (UTC+05:30)");
    await expectNoSeriousA11yViolations(page, "Settings with the searchable timezone picker");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("Dates now follow Asia/Kolkata.")).toBeVisible();

    await openFromSidebar(page, "AI Extract");
    await page.getByRole("switch", { name: "Override timezone for this extraction" }).click();
    await page.getByRole("searchbox", { name: "Search timezones" }).fill("new york");
    await expect(page.getByRole("combobox", { name: "Timezone" })).toHaveValue("America/New_York");
    await expectNoSeriousA11yViolations(page, "Extract with the timezone override");
  });
});

test.describe("8. forgot password", () => {
  test("a code by e-mail sets a new password and ends every session", async ({ page, account, mailbox }) => {
    await page.getByRole("button", { name: /^Account menu/ }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Reset your password" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "Forgot password");
    const mailsBefore = (await mailbox.messagesTo(account.user.email)).length;
    await page.getByLabel("Email").fill(account.user.email);
    await page.getByRole("button", { name: "Send Reset Code" }).click();
    await expect(page.getByText("Reset code sent")).toBeVisible();
    await expect
      .poll(async () => (await mailbox.messagesTo(account.user.email)).length)
      .toBe(mailsBefore + 1);
    const resetMail = (await mailbox.messagesTo(account.user.email)).at(-1)!;
    expect(resetMail.subject).toMatch(/^Your Tasklane password reset code: \d{6}$/);
    const code = /\b(\d{6})\b/.exec(resetMail.text)![1]!;

    const newPassword = `${account.user.password}-renewed`;
    await page.getByLabel("Reset code").fill(code === "000000" ? "111111" : "000000");
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid or expired code");
    await expectNoSeriousA11yViolations(page, "Forgot password, code and new password");

    await page.getByLabel("Reset code").fill(code);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Password reset")).toBeVisible();

    // The session made before the reset has ended; the new password signs in.
    const oldSession = await page.request.get("/auth/me", {
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(oldSession.status()).toBe(401);
    await signInThroughLoginPage(page, { ...account.user, password: newPassword });
  });
});

test.describe("9. small things a person notices", () => {
  test.use({ openDashboard: false });

  test("the register toast says the code was e-mailed when a mail server is configured", async ({
    page,
    newUser,
  }) => {
    await page.goto("/register");
    await page.getByLabel("Email").fill(newUser.email);
    await page.getByRole("button", { name: "Send Code" }).click();
    await expect(
      page.getByText(`We sent a verification code to ${newUser.email}.`, { exact: false }),
    ).toBeVisible();
    await expect(page.getByText(/server log/)).toHaveCount(0);
  });

  test("on a phone: the four numbers in a 2 × 2 grid, the inbound address wrapping only at '@' or a dot, and whose mail counts", async ({
    page,
    account,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto("/dashboard");
    await expect(greeting(page)).toBeVisible();

    const boxes = await Promise.all(
      ["Total Tasks", "Completed", "In Progress", "Pending"].map(
        async (name) => (await page.getByRole("group", { name }).boundingBox())!,
      ),
    );
    const [total, completed, inProgress, pending] = boxes as [
      (typeof boxes)[0],
      (typeof boxes)[0],
      (typeof boxes)[0],
      (typeof boxes)[0],
    ];
    expect(completed.y).toBeCloseTo(total.y, 0);
    expect(completed.x).toBeGreaterThan(total.x);
    expect(inProgress.y).toBeGreaterThan(total.y + total.height - 1);
    expect(pending.y).toBeCloseTo(inProgress.y, 0);
    expect(inProgress.x).toBeCloseTo(total.x, 0);

    await page.getByTitle(new RegExp(`^${account.user.username}@`)).scrollIntoViewIfNeeded();
    // Each piece between the break points ("ada_…", "@tasklane", ".localhost") stays on one line.
    // Page code as text (the e2e project has no DOM types): the number of lines each text piece
    // between the break points ("ada_…", "@tasklane", ".localhost") spans, and the whole address.
    const lines = JSON.parse(
      await page.evaluate<string>(`(() => {
        const element = document.querySelector('[title^="${account.user.username}@"]');
        const linesOf = (node) => {
          const range = document.createRange();
          range.selectNodeContents(node);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        };
        const pieces = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE);
        return JSON.stringify({ pieces: pieces.map(linesOf), whole: linesOf(element) });
      })()`),
    ) as { pieces: number[]; whole: number };
    expect(lines.pieces.length).toBeGreaterThan(1);
    expect(lines.pieces.every((count) => count === 1)).toBe(true);
    expect(lines.whole).toBeGreaterThan(1);

    await expect(
      page.getByText(`Only mail sent from your account’s own address (${account.user.email}) becomes tasks.`),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, "Dashboard on a phone");
  });
});
