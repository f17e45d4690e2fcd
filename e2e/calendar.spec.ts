import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import type { PlanProposal } from "@contract/planning";
import type { TaskJson } from "@contract/tasks";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expect, openFromSidebar, test, type Account } from "./support/signed-in";

/**
 * Planning the day in time, on a desktop and on a 375 px phone: subscribe to an ICS address served
 * by this test, see its events on the calendar, plan a day, read a block's reason, accept, drag a
 * block to another time and its bottom edge to lengthen it, and undo the plan. The server is
 * started with CALENDAR_ALLOW_PRIVATE=true (e2e/support/environment.ts) so that it may fetch
 * from this machine.
 */

const DAY_MS = 86_400_000;

/** The UTC calendar day `days` after today. The profile stays in UTC, the server's default. */
function utcDay(days: number): string {
  return new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
}

const compact = (day: string) => day.replaceAll("-", "");

/** A calendar as Google or Fastmail would send it: a meeting tomorrow morning, an all-day event. */
function icsFor(day: string, next: string): string {
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Tasklane e2e//EN",
    "X-WR-CALNAME:Team",
    "BEGIN:VEVENT",
    "UID:meeting-1@e2e",
    "DTSTAMP:20260101T000000Z",
    `DTSTART:${compact(day)}T090000Z`,
    `DTEND:${compact(day)}T100000Z`,
    "SUMMARY:Team meeting",
    "END:VEVENT",
    "BEGIN:VEVENT",
    "UID:offsite-1@e2e",
    "DTSTAMP:20260101T000000Z",
    `DTSTART;VALUE=DATE:${compact(day)}`,
    `DTEND;VALUE=DATE:${compact(next)}`,
    "SUMMARY:Offsite week",
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

/** A small HTTP server on this machine serving one .ics file, as a calendar provider would. */
async function serveIcs(body: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    if (request.url !== "/team.ics") {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "Content-Type": "text/calendar; charset=utf-8" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/team.ics`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function taskNamed(account: Account, title: string): Promise<TaskJson> {
  const task = (await account.api.tasks()).find((candidate) => candidate.title === title);
  if (!task) throw new Error(`No task "${title}"`);
  return task;
}

/** Minutes from midnight UTC. */
const minuteOf = (iso: string) => (Date.parse(iso) % DAY_MS) / 60_000;

async function openCalendar(page: Page, phone: boolean): Promise<void> {
  if (phone) await page.goto("/calendar");
  else await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Calendar" }).click();
  await expect(page.getByRole("heading", { name: "Calendar", level: 1 })).toBeVisible();
}

for (const device of [
  { name: "desktop", viewport: { width: 1280, height: 900 }, phone: false },
  { name: "375 px phone", viewport: { width: 375, height: 812 }, phone: true },
]) {
  test.describe(`on a ${device.name}`, () => {
    test.use({ viewport: device.viewport });

    test("subscribe, see events, plan a day, accept, drag a block, undo", async ({ page, account }) => {
      test.slow();
      const tomorrow = utcDay(1);
      const ics = await serveIcs(icsFor(tomorrow, utcDay(2)));
      try {
        // Every day is a working day, so that tomorrow is one whatever today is.
        await account.api.put("/auth/settings", {
          working_hours: { days: [1, 2, 3, 4, 5, 6, 7], start: "09:00", end: "17:00" },
        });
        await account.api.post("/api/v1/tasks", {
          title: "Write the report",
          priority: "urgent",
          duration_minutes: 90,
          due_date: `${tomorrow}T16:00:00.000Z`,
        });
        await account.api.post("/api/v1/tasks", {
          title: "Call the bank",
          priority: "high",
          duration_minutes: 30,
        });

        await test.step("subscribe to the ICS address in Settings", async () => {
          // A phone's sidebar is behind its menu: the address is typed there.
          if (device.phone) await page.goto("/settings");
          else await openFromSidebar(page, "Settings");
          await page.getByLabel("Name", { exact: true }).fill("Team");
          await page.getByLabel("ICS address").fill(ics.url);
          await page.getByRole("button", { name: "Add calendar" }).click();
          const list = page.getByRole("list", { name: "Your calendars" });
          await expect(list.getByText("Team", { exact: true })).toBeVisible();
          await expect(list.getByText(/^Last synced /)).toBeVisible();
          await expectNoSeriousA11yViolations(page, `settings with a calendar (${device.name})`);
        });

        await test.step("see the events on tomorrow's calendar", async () => {
          await openCalendar(page, device.phone);
          if (!device.phone) await page.getByRole("button", { name: "Day", exact: true }).click();
          await page.getByRole("button", { name: "Next day" }).click();
          await expect(page.getByText("Team meeting")).toBeVisible();
          await expect(page.getByText("Offsite week")).toBeVisible();
          // Both tasks wait beside the grid.
          const side = page.getByRole("list", { name: "Tasks not scheduled" });
          await expect(side.getByText("Write the report")).toBeVisible();
          await expect(side.getByText("Call the bank")).toBeVisible();
          await expectNoSeriousA11yViolations(page, `calendar day view (${device.name})`);

          // The keyboard's way to place a task: its menu's Schedule… dialog.
          await page.getByRole("button", { name: 'Options for "Call the bank"' }).click();
          await page.getByRole("menuitem", { name: "Schedule…" }).click();
          const dialog = page.getByRole("dialog", { name: "Schedule task" });
          await expect(dialog.getByLabel("Duration (minutes)")).toHaveValue("30");
          await expectNoSeriousA11yViolations(page, `the Schedule dialog (${device.name})`, {
            include: "[role=dialog][data-state=open]",
          });
          await dialog.getByRole("button", { name: "Cancel" }).click();
          await expect(dialog).toBeHidden();
        });

        let reason = "";
        await test.step("plan the day: the proposal with its reasons, nothing changed yet", async () => {
          // The same inputs give the same proposal: the one the page shows.
          const expected = await account.api.post<PlanProposal>("/api/v1/plan/propose", { date: tomorrow });
          const report = await taskNamed(account, "Write the report");
          const block = expected.blocks.find((candidate) => candidate.task_id === report.id);
          expect(block, "the report is planned").toBeDefined();
          reason = block!.reason;
          expect(reason.length).toBeGreaterThan(0);

          await page.getByRole("button", { name: "Plan my day" }).click();
          const blocks = page.getByRole("list", { name: "Proposed blocks" });
          await expect(blocks.getByText(reason, { exact: true })).toBeVisible();
          await expect(blocks.getByText("Write the report")).toBeVisible();
          expect((await taskNamed(account, "Write the report")).scheduled_start).toBeNull();
          await expectNoSeriousA11yViolations(page, `the proposal (${device.name})`);
        });

        await test.step("accept: the tasks take their times", async () => {
          await page.getByRole("button", { name: "Accept" }).click();
          await expect(page.getByText("Plan applied.")).toBeVisible();
          await expect
            .poll(async () => (await taskNamed(account, "Write the report")).scheduled_start)
            .not.toBeNull();
          const report = await taskNamed(account, "Write the report");
          const start = report.scheduled_start!;
          // Never over the meeting (09:00–10:00), inside the working hours.
          expect(minuteOf(start) >= 10 * 60 || minuteOf(start) + 90 <= 9 * 60).toBe(true);
          expect(minuteOf(start)).toBeGreaterThanOrEqual(9 * 60);
          await expect(page.locator(`[data-task-block="${report.id}"]`)).toBeVisible();
        });

        await test.step("drag the block an hour later", async () => {
          const report = await taskNamed(account, "Write the report");
          const before = minuteOf(report.scheduled_start!);
          const block = page.locator(`[data-task-block="${report.id}"]`);
          await block.scrollIntoViewIfNeeded();
          const box = (await block.boundingBox())!;
          const x = box.x + box.width / 3;
          const y = box.y + 8;
          await page.mouse.move(x, y);
          await page.mouse.down();
          await page.mouse.move(x, y + 10, { steps: 2 });
          await page.mouse.move(x, y + 60, { steps: 6 });
          await page.mouse.up();
          const expected = Math.round((before + 60) / 15) * 15;
          await expect
            .poll(async () => minuteOf((await taskNamed(account, "Write the report")).scheduled_start!))
            .toBe(expected);
        });

        await test.step("drag its bottom edge half an hour down: 90 minutes become 120", async () => {
          const report = await taskNamed(account, "Write the report");
          const handle = page.locator(`[data-task-block="${report.id}"] [data-resize-handle]`);
          await handle.scrollIntoViewIfNeeded();
          const box = (await handle.boundingBox())!;
          const x = box.x + box.width / 2;
          const y = box.y + box.height / 2;
          await page.mouse.move(x, y);
          await page.mouse.down();
          await page.mouse.move(x, y + 10, { steps: 2 });
          await page.mouse.move(x, y + 30, { steps: 4 });
          await page.mouse.up();
          await expect
            .poll(async () => (await taskNamed(account, "Write the report")).duration_minutes)
            .toBe(120);
          // Its start stays where it was dragged.
          expect((await taskNamed(account, "Write the report")).scheduled_start).toBe(report.scheduled_start);
        });

        await test.step("undo the plan: every task back as it was", async () => {
          const status = page.getByRole("status").filter({ hasText: "Plan applied." });
          await status.getByRole("button", { name: "Undo" }).click();
          await expect
            .poll(async () => (await taskNamed(account, "Call the bank")).scheduled_start)
            .toBeNull();
          await expect
            .poll(async () => (await taskNamed(account, "Write the report")).scheduled_start)
            .toBeNull();
          const side = page.getByRole("list", { name: "Tasks not scheduled" });
          await expect(side.getByText("Write the report")).toBeVisible();
        });
      } finally {
        await ics.close();
      }
    });
  });
}
