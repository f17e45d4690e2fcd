import { apiRoutes } from "@contract/routes";
import { FAKE_PASSWORD, seedAccount } from "@mocks/handlers/account";
import { buildUser } from "@mocks/fixtures";
import { server } from "@mocks/server";
import { screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { useSessionStore } from "@/stores/session-store";
import { renderApp } from "@/test/render-app";

const CHALLENGE = "challenge-1";

/** An account with two-factor sign-in: login answers a challenge, verify takes "246810". */
function serveTwoFactorSignIn() {
  const ada = buildUser({ email: "ada@example.com" });
  seedAccount(ada);
  const sent: unknown[] = [];
  server.use(
    http.post(apiRoutes.login.path, () =>
      HttpResponse.json({ two_factor_required: true, challenge: CHALLENGE }),
    ),
    http.post(apiRoutes.twoFactorVerify.path, async ({ request }) => {
      const body = (await request.json()) as { challenge: string; code: string };
      sent.push(body);
      if (body.challenge !== CHALLENGE || body.code !== "246810") {
        return HttpResponse.json({ message: "Invalid two-factor code" }, { status: 400 });
      }
      return HttpResponse.json({ token: "token-2fa", user: ada });
    }),
  );
  return { sent };
}

describe("login with two-factor sign-in", () => {
  it("asks for the code after the password, shows a wrong code's message, and signs in with the right one", async () => {
    const { sent } = serveTwoFactorSignIn();
    const { user } = await renderApp("/login");
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), FAKE_PASSWORD);
    await user.click(screen.getByRole("button", { name: "Sign In" }));

    const code = await screen.findByLabelText("Code");
    expect(useSessionStore.getState().token).toBeNull();
    await user.type(code, "111111");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Invalid two-factor code")).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, "246810");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(useSessionStore.getState().token).toBe("token-2fa"));
    expect(sent.at(-1)).toEqual({ challenge: CHALLENGE, code: "246810" });
  });

  it("goes back to the password with 'Start over'", async () => {
    serveTwoFactorSignIn();
    const { user } = await renderApp("/login");
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), FAKE_PASSWORD);
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    await user.click(await screen.findByRole("button", { name: "Start over" }));
    expect(await screen.findByLabelText("Password")).toBeInTheDocument();
  });
});
