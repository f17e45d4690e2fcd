import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Toaster, toast } from "./toaster";

describe("Toaster", () => {
  it("starts a phone's toasts below the header, leaving its menu button free", async () => {
    const { container } = render(<Toaster />);
    act(() => {
      toast.success("Project restored");
    });
    await screen.findByText("Project restored");
    const list = container.ownerDocument.querySelector<HTMLElement>("[data-sonner-toaster]");
    expect(list?.style.getPropertyValue("--mobile-offset-top")).toBe("72px");
  });
});
