import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Label } from "./label";
import { TimeZonePicker } from "./time-zone-picker";

// The picker lists the browser's zone first: run as a browser in Berlin.
beforeAll(() => vi.stubEnv("TZ", "Europe/Berlin"));
afterAll(() => vi.unstubAllEnvs());

function Picker({ initial = "UTC", saved }: { initial?: string; saved?: string }) {
  const [zone, setZone] = useState(initial);
  return (
    <>
      <Label htmlFor="zone">Timezone</Label>
      <TimeZonePicker id="zone" value={zone} onChange={setZone} savedTimeZone={saved} />
      <output>{zone}</output>
    </>
  );
}

const list = () => screen.getByRole("combobox", { name: "Timezone" });
const optionTexts = () =>
  within(list())
    .getAllByRole("option")
    .map((option) => option.textContent);

describe("TimeZonePicker", () => {
  it("lists the browser's zone first, then UTC, each with its current UTC offset", () => {
    render(<Picker />);
    const [browser, utc] = optionTexts();
    expect(browser).toMatch(/^Europe\/Berlin \(UTC\+0[12]:00\) · your browser$/);
    expect(utc).toBe("UTC (UTC+00:00)");
    expect(optionTexts()).toContainEqual(expect.stringMatching(/^Asia\/Kolkata \(UTC\+05:30\)$/));
  });

  it("leaves out deprecated aliases such as Asia/Calcutta and Europe/Kiev", () => {
    render(<Picker />);
    const values = within(list())
      .getAllByRole("option")
      .map((option) => option.getAttribute("value"));
    expect(values).not.toContain("Asia/Calcutta");
    expect(values).not.toContain("Europe/Kiev");
    expect(values).toContain("Europe/Kyiv");
  });

  it("narrows the list as the user types and chooses the first match", async () => {
    const user = userEvent.setup();
    render(<Picker />);
    await user.type(screen.getByRole("searchbox", { name: "Search timezones" }), "new york");
    expect(screen.getByRole("status")).toHaveTextContent("America/New_York");
    expect(optionTexts()).toEqual([expect.stringMatching(/^America\/New York \(UTC-0[45]:00\)$/)]);
    expect(list()).toHaveValue("America/New_York");
  });

  it("finds zones by their offset", async () => {
    const user = userEvent.setup();
    render(<Picker />);
    await user.type(screen.getByRole("searchbox", { name: "Search timezones" }), "+05:45");
    expect(list()).toHaveValue("Asia/Kathmandu");
  });

  it("says when nothing matches and keeps the choice", async () => {
    const user = userEvent.setup();
    render(<Picker initial="Asia/Tokyo" />);
    await user.click(screen.getByRole("searchbox", { name: "Search timezones" }));
    await user.paste("atlantis");
    expect(screen.getByText("No timezone matches “atlantis”.")).toBeInTheDocument();
    expect(list()).toHaveValue("Asia/Tokyo");
    expect(optionTexts()).toHaveLength(1);
  });

  it("still offers a saved zone the list lacks", () => {
    render(<Picker initial="Asia/Calcutta" saved="Asia/Calcutta" />);
    expect(list()).toHaveValue("Asia/Calcutta");
  });
});
