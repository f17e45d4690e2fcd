import { FAKE_TOTP_CODE, FAKE_TOTP_SECRET, twoFactorStore } from "@mocks/handlers/account-security";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/test/render";
import { TwoFactorCard } from "./two-factor-card";

describe("Settings: two-factor sign-in", () => {
  it("sets up with a QR code and the key, refuses a wrong code, then shows the recovery codes once", async () => {
    const { user } = renderWithProviders(<TwoFactorCard />);
    await user.click(await screen.findByRole("button", { name: "Set up two-factor sign-in" }));
    expect(await screen.findByRole("img", { name: "QR code for your authenticator app" })).toHaveAttribute(
      "src",
      expect.stringMatching(/^data:image\/svg\+xml/),
    );
    expect(screen.getByText(FAKE_TOTP_SECRET)).toBeInTheDocument();

    await user.type(screen.getByLabelText("Code from the app"), "000000");
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    expect(await screen.findByText("Invalid two-factor code")).toBeInTheDocument();

    await user.clear(screen.getByLabelText("Code from the app"));
    await user.type(screen.getByLabelText("Code from the app"), FAKE_TOTP_CODE);
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    const codes = await screen.findByRole("list", { name: "Recovery codes" });
    expect(within(codes).getAllByRole("listitem")).toHaveLength(10);
    expect(twoFactorStore.enabled()).toBe(true);

    await user.click(screen.getByRole("button", { name: "I have saved them" }));
    expect(await screen.findByText(/10 recovery codes left/)).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Recovery codes" })).not.toBeInTheDocument();
  });

  it("turns off with a code", async () => {
    twoFactorStore.reset({ enabled: true });
    const { user } = renderWithProviders(<TwoFactorCard />);
    await user.type(await screen.findByLabelText("Code to turn it off"), FAKE_TOTP_CODE);
    await user.click(screen.getByRole("button", { name: "Turn off" }));
    expect(await screen.findByRole("button", { name: "Set up two-factor sign-in" })).toBeInTheDocument();
    expect(twoFactorStore.enabled()).toBe(false);
  });
});
