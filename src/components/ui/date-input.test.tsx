import type { DateFormatSettings } from "@contract/date-format";
import { buildUser } from "@mocks/fixtures";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Dialog, DialogContent, DialogTitle } from "./dialog";
import { DateInput } from "./date-input";
import { DateTimeInput } from "./date-time-input";
import { Label } from "./label";
import { TimeInput } from "./time-input";
import { signInAs } from "@/test/render";

const KINDS = { date: DateInput, time: TimeInput, dateTime: DateTimeInput };

function Form({ kind, initial = "" }: { kind: keyof typeof KINDS; initial?: string }) {
  const [value, setValue] = useState(initial);
  const Control = KINDS[kind];
  return (
    <>
      <Label htmlFor="when">When</Label>
      <Control id="when" value={value} onChange={setValue} />
      <output>{value || "none"}</output>
    </>
  );
}

function renderAs(format: Partial<DateFormatSettings>, ...form: Parameters<typeof Form>) {
  signInAs(buildUser(format));
  render(<Form {...form[0]} />);
  return userEvent.setup();
}

const held = () => screen.getByRole("status").textContent;
const box = () => screen.getByLabelText("When");

describe("DateInput", () => {
  it("reads and shows a date in the user's order", async () => {
    const user = renderAs({ date_order: "dmy" }, { kind: "date" });
    expect(box()).toHaveAttribute("placeholder", "DD/MM/YYYY");
    await user.type(box(), "3/12/2026");
    expect(held()).toBe("2026-12-03");
    await user.tab();
    expect(box()).toHaveValue("03/12/2026");
  });

  it("reads month first for a user who writes dates so", async () => {
    const user = renderAs({ date_order: "mdy" }, { kind: "date", initial: "2026-01-05" });
    expect(box()).toHaveValue("01/05/2026");
    await user.clear(box());
    await user.type(box(), "12/3/2026");
    expect(held()).toBe("2026-12-03");
  });

  it("says what is wrong with a date that is not one, holds none and keeps its form from being sent", async () => {
    signInAs(buildUser({ date_order: "dmy" }));
    const sent = vi.fn();
    const user = userEvent.setup();
    render(
      <form noValidate onSubmit={(event) => (event.preventDefault(), sent())}>
        <Form kind="date" initial="2026-12-03" />
        <button type="submit">Save</button>
      </form>,
    );
    await user.clear(box());
    await user.type(box(), "31/02/2026");
    expect(held()).toBe("none");
    expect(screen.queryByText(/Not a date/)).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(sent).not.toHaveBeenCalled();
    expect(box()).toHaveAccessibleDescription("Not a date: type it as DD/MM/YYYY.");
    expect(box()).toHaveAttribute("aria-invalid", "true");
    expect(box()).toBeInvalid();
    await user.clear(box());
    await user.type(box(), "28/02/2026");
    expect(screen.queryByText(/Not a date/)).not.toBeInTheDocument();
    expect(held()).toBe("2026-02-28");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(sent).toHaveBeenCalledOnce();
  });

  it.each([
    [1, "Monday"],
    [7, "Sunday"],
  ] as const)("opens a calendar whose week starts on the user's first day (%i)", async (weekStart, first) => {
    const user = renderAs({ week_start: weekStart }, { kind: "date", initial: "2026-12-03" });
    await user.click(screen.getByRole("button", { name: "Choose a date" }));
    const calendar = screen.getByRole("dialog", { name: "Choose a date" });
    // The column headings ("Mo"), hidden from screen readers, which hear each day's full name.
    // The calendar's code arrives on demand: the grid shows once it has.
    expect((await within(calendar).findByRole("grid")).querySelector("th")).toHaveTextContent(
      first.slice(0, 2),
    );
    const secondWeek = within(calendar).getAllByRole("row")[1]!;
    expect(within(secondWeek).getAllByRole("button")[0]).toHaveAccessibleName(new RegExp(`^${first}, `));
  });

  it("is used from the keyboard: arrows move the day, Enter picks it, Escape closes", async () => {
    const user = renderAs({ date_order: "dmy" }, { kind: "date", initial: "2026-12-03" });
    const opener = screen.getByRole("button", { name: "Choose a date" });
    await user.click(opener);
    expect((await screen.findByRole("gridcell", { selected: true })).querySelector("button")).toHaveFocus();
    await user.keyboard("{ArrowDown}{ArrowRight}{Enter}");
    expect(held()).toBe("2026-12-11");
    expect(box()).toHaveValue("11/12/2026");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await user.click(opener);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(held()).toBe("2026-12-11");
  });

  it("closes only its calendar on Escape inside a dialog", async () => {
    signInAs(buildUser());
    const user = userEvent.setup();
    render(
      <Dialog open>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>Edit task</DialogTitle>
          <DateInput aria-label="Due date" value="" onChange={() => {}} />
        </DialogContent>
      </Dialog>,
    );
    await user.click(screen.getByRole("button", { name: "Choose a date" }));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: "Choose a date" })).not.toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Edit task" })).toBeInTheDocument();
  });
});

describe("TimeInput", () => {
  it("shows and reads a 12-hour clock", async () => {
    const user = renderAs({ clock: "12h" }, { kind: "time", initial: "14:30" });
    expect(box()).toHaveValue("2:30 PM");
    await user.clear(box());
    await user.type(box(), "9:15 pm");
    expect(held()).toBe("21:15");
    await user.clear(box());
    await user.type(box(), "12am");
    await user.tab();
    expect(held()).toBe("00:00");
    expect(box()).toHaveValue("12:00 AM");
  });

  it("shows and reads a 24-hour clock", async () => {
    const user = renderAs({ clock: "24h" }, { kind: "time", initial: "09:05" });
    expect(box()).toHaveValue("09:05");
    await user.clear(box());
    await user.type(box(), "1730");
    await user.tab();
    expect(held()).toBe("17:30");
    expect(box()).toHaveValue("17:30");
  });

  it("says what is wrong with a time that is not one", async () => {
    const user = renderAs({ clock: "24h" }, { kind: "time", initial: "09:05" });
    await user.clear(box());
    await user.type(box(), "25:00");
    await user.tab();
    expect(box()).toHaveAccessibleDescription("Not a time: type it as HH:MM.");
    expect(held()).toBe("none");
  });
});

describe("DateTimeInput", () => {
  it("holds a day and a time as one value once both are typed", async () => {
    const user = renderAs({ date_order: "dmy", clock: "24h" }, { kind: "dateTime" });
    await user.type(box(), "03/12/2026");
    expect(held()).toBe("none");
    await user.type(screen.getByLabelText("Time"), "9:00");
    expect(held()).toBe("2026-12-03T09:00");
    await user.clear(screen.getByLabelText("Time"));
    expect(held()).toBe("none");
    expect(box()).toHaveValue("03/12/2026");
  });

  it("shows a held value in the user's format", () => {
    renderAs({ date_order: "mdy", clock: "12h" }, { kind: "dateTime", initial: "2026-12-03T18:45" });
    expect(box()).toHaveValue("12/03/2026");
    expect(screen.getByLabelText("Time")).toHaveValue("6:45 PM");
  });
});
