import type { AccountDeletionOptions } from "@contract/account-security";
import { apiRoutes } from "@contract/routes";
import { server } from "@mocks/server";
import { screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/test/render";
import { DeleteAccountCard } from "./delete-account-card";

const SINGLE_SIGN_ON: AccountDeletionOptions = {
  password: false,
  oidc: { name: "Test ID" },
  two_factor: false,
};

/** The account's deletion options, and the bodies DELETE /auth/account receives. */
function serve(options: AccountDeletionOptions): unknown[] {
  const deletions: unknown[] = [];
  server.use(
    http.get(apiRoutes.accountDeletionOptions.path, () => HttpResponse.json(options)),
    http.delete(apiRoutes.deleteAccount.path, async ({ request }) => {
      deletions.push(await request.json());
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return deletions;
}

describe("Settings: Delete account", () => {
  it("asks an account without a password to confirm with its identity provider", async () => {
    serve(SINGLE_SIGN_ON);
    const { user } = renderWithProviders(<DeleteAccountCard />, { route: "/settings" });
    await user.click(screen.getByRole("button", { name: "Delete account…" }));
    expect(
      await screen.findByText("Your account has no password: confirm by signing in again with Test ID."),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Confirm with Test ID" })).toBeEnabled();
    expect(screen.queryByLabelText("Your password")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete my account" })).not.toBeInTheDocument();
  });

  it("opens on the provider's return and deletes with the confirmation it brought", async () => {
    const deletions = serve(SINGLE_SIGN_ON);
    const { user } = renderWithProviders(<DeleteAccountCard />, {
      route: "/settings#delete_account=one-use-confirmation",
    });
    expect(
      await screen.findByText("You signed in again with Test ID: your account can be deleted now."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    await waitFor(() => expect(deletions).toEqual([{ confirmation: "one-use-confirmation" }]));
  });

  it("says why the provider's re-login did not confirm", async () => {
    serve(SINGLE_SIGN_ON);
    renderWithProviders(<DeleteAccountCard />, { route: "/settings#delete_account_error=refused" });
    expect(await screen.findByRole("alert")).toHaveTextContent("The identity provider did not sign you in.");
    expect(screen.getByRole("button", { name: "Confirm with Test ID" })).toBeInTheDocument();
  });

  it("takes the password of an account that has one", async () => {
    const deletions = serve({ password: true, oidc: null, two_factor: false });
    const { user } = renderWithProviders(<DeleteAccountCard />, { route: "/settings" });
    await user.click(screen.getByRole("button", { name: "Delete account…" }));
    await user.type(await screen.findByLabelText("Your password"), "Quiet-Harbor-77");
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    await waitFor(() => expect(deletions).toEqual([{ password: "Quiet-Harbor-77" }]));
    expect(screen.queryByRole("button", { name: /Confirm with/ })).not.toBeInTheDocument();
  });

  it("takes a two-factor code from an account without a password, beside its provider", async () => {
    const deletions = serve({ ...SINGLE_SIGN_ON, two_factor: true });
    const { user } = renderWithProviders(<DeleteAccountCard />, { route: "/settings" });
    await user.click(screen.getByRole("button", { name: "Delete account…" }));
    const field = await screen.findByLabelText("Code from your authenticator app");
    expect(field).toHaveAccessibleDescription(
      "Your account has no password: enter a code, or confirm by signing in again with Test ID.",
    );
    expect(screen.getByRole("button", { name: "Confirm with Test ID" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Delete my account" })).toBeDisabled();
    await user.type(field, " 123456 ");
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    await waitFor(() => expect(deletions).toEqual([{ code: "123456" }]));
  });
});
