import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DueDateField } from "./due-date-field";
import { Label } from "@/components/ui/label";

function Field({ initial = "", timeZone = "Europe/Berlin" }: { initial?: string; timeZone?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <Label htmlFor="due">Due Date</Label>
      <DueDateField id="due" value={value} onChange={setValue} timeZone={timeZone} />
      <output>{value || "none"}</output>
    </>
  );
}

const stored = () => screen.getByRole("status").textContent;

// Monday 23 November 2026, 23:30 in Berlin (still the 23rd in UTC is 22:30).
beforeEach(() => vi.useFakeTimers({ now: new Date("2026-11-23T22:30:00Z"), toFake: ["Date"] }));
afterEach(() => vi.useRealTimers());

describe("DueDateField", () => {
  it("takes a date alone as a due date for the whole day", async () => {
    const user = userEvent.setup();
    render(<Field />);
    expect(screen.getByLabelText("Due time (optional)")).toBeDisabled();
    await user.type(screen.getByLabelText("Due Date"), "12/01/2026");
    expect(stored()).toBe("2026-12-01");
  });

  it("adds a time when one is typed", async () => {
    const user = userEvent.setup();
    render(<Field />);
    await user.type(screen.getByLabelText("Due Date"), "12/01/2026");
    await user.type(screen.getByLabelText("Due time (optional)"), "2:30 PM");
    expect(stored()).toBe("2026-12-01T14:30");
  });

  it("keeps the time while the date is typed again", async () => {
    const user = userEvent.setup();
    render(<Field initial="2026-12-01T09:15" />);
    const date = screen.getByLabelText("Due Date");
    expect(date).toHaveValue("12/01/2026");
    await user.clear(date);
    expect(stored()).toBe("none");
    await user.type(date, "12/05/2026");
    expect(stored()).toBe("2026-12-05T09:15");
  });

  it("offers Today, Tomorrow and Next week, counted in the user's zone, keeping a typed time", async () => {
    const user = userEvent.setup();
    render(<Field initial="2026-12-01T09:15" />);
    await user.click(screen.getByRole("button", { name: "Today" }));
    expect(stored()).toBe("2026-11-23T09:15");
    await user.click(screen.getByRole("button", { name: "Tomorrow" }));
    expect(stored()).toBe("2026-11-24T09:15");
    await user.click(screen.getByRole("button", { name: "Next week" }));
    expect(stored()).toBe("2026-11-30T09:15");
  });

  it("counts 'Today' in the user's zone, not the browser's", async () => {
    const user = userEvent.setup();
    render(<Field timeZone="Asia/Tokyo" />);
    await user.click(screen.getByRole("button", { name: "Today" }));
    expect(stored()).toBe("2026-11-24");
  });

  it("clears the due date with 'No due date'", async () => {
    const user = userEvent.setup();
    render(<Field initial="2026-12-01" />);
    await user.click(screen.getByRole("button", { name: "No due date" }));
    expect(stored()).toBe("none");
    expect(screen.getByLabelText("Due Date")).toHaveValue("");
  });
});
