import { apiRoutes } from "@contract/routes";
import { server } from "@mocks/server";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { renderApp } from "@/test/render-app";

const SAME_ANSWER = {
  message: "If an account uses this address, we sent it a code to reset the password",
  expires_in: 10,
};

/** A fake of the two reset calls: code 246810 is the one that was mailed. */
function fakeResetCalls(received: unknown[]) {
  server.use(
    http.post(apiRoutes.forgotPassword.path, () => HttpResponse.json(SAME_ANSWER)),
    http.post(apiRoutes.resetPassword.path, async ({ request }) => {
      const body = (await request.json()) as { code: string };
      received.push(body);
      return body.code === "246810"
        ? HttpResponse.json({
            message: "Your password has been reset. Please sign in with your new password.",
          })
        : HttpResponse.json({ message: "Invalid or expired code" }, { status: 400 });
    }),
  );
}

describe("Forgot password", () => {
  it("is offered on the login screen, mails a code, and sets the new password with it", async () => {
    const received: unknown[] = [];
    fakeResetCalls(received);
    const { user, router, settled } = await renderApp("/login");

    await user.click(screen.getByRole("link", { name: "Forgot password?" }));
    await settled();
    expect(screen.getByRole("heading", { level: 1, name: "Reset your password" })).toBeInTheDocument();

    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Send Reset Code" }));
    expect(await screen.findByText("Reset code sent")).toBeInTheDocument();
    expect(screen.getByLabelText("Reset code")).toHaveFocus();

    await user.type(screen.getByLabelText("Reset code"), "111111");
    await user.type(screen.getByLabelText("New password"), "Copper-Kettle-84");
    await user.type(screen.getByLabelText("Confirm new password"), "Copper-Kettle-84");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid or expired code");

    await user.clear(screen.getByLabelText("Reset code"));
    await user.type(screen.getByLabelText("Reset code"), "246810");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    await settled();

    expect(router.state.location.pathname).toBe("/login");
    expect(await screen.findByText("Password reset")).toBeInTheDocument();
    expect(received.at(-1)).toEqual({
      email: "ada@example.com",
      code: "246810",
      new_password: "Copper-Kettle-84",
    });
  });

  it("checks the form with registration's rules before sending", async () => {
    fakeResetCalls([]);
    const { user } = await renderApp("/forgot-password");
    await user.click(screen.getByRole("button", { name: "Send Reset Code" }));
    expect(await screen.findByText("Enter email first")).toBeInTheDocument();

    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Send Reset Code" }));
    await user.type(await screen.findByLabelText("Reset code"), "246810");
    await user.type(screen.getByLabelText("New password"), "short");
    await user.type(screen.getByLabelText("Confirm new password"), "other");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByText("Password must be at least 6 characters")).toBeInTheDocument();
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
  });
});
