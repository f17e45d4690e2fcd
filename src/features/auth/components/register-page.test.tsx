import { apiRoutes } from "@contract/routes";
import { FAKE_VERIFICATION_CODE } from "@mocks/handlers/auth";
import { server } from "@mocks/server";
import { screen, waitFor, within } from "@testing-library/react";
import { delay, http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { useSessionStore } from "@/stores/session-store";
import { renderApp } from "@/test/render-app";

type User = Awaited<ReturnType<typeof renderApp>>["user"];

const field = {
  firstName: () => screen.getByLabelText("First name"),
  lastName: () => screen.getByLabelText("Last name"),
  username: () => screen.getByLabelText("Username"),
  email: () => screen.getByLabelText("Email"),
  code: () => screen.getByLabelText("Verification code"),
  password: () => screen.getByLabelText("Password"),
  confirm: () => screen.getByLabelText("Confirm password"),
};

async function fillIn(user: User, values: Partial<Record<keyof typeof field, string>>) {
  for (const [name, value] of Object.entries(values)) {
    if (value) await user.type(field[name as keyof typeof field](), value);
  }
}

const createAccount = (user: User) => user.click(screen.getByRole("button", { name: "Create Account" }));

describe("register screen", () => {
  it("shows every validation message when sent empty", async () => {
    const { user } = await renderApp("/register");

    await createAccount(user);

    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByText("Verification code is required")).toBeInTheDocument();
    expect(screen.getByText("Username must be at least 3 characters")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 6 characters")).toBeInTheDocument();
    // First and last name are optional.
    expect(field.firstName()).not.toHaveAttribute("aria-invalid");
    expect(field.lastName()).not.toHaveAttribute("aria-invalid");
  });

  it("shows 'Passwords don't match' on the confirm field", async () => {
    const { user } = await renderApp("/register");

    await fillIn(user, { password: "secret-password", confirm: "secret-passwort" });
    await createAccount(user);

    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(field.confirm()).toHaveAccessibleDescription("Passwords don't match");
    expect(field.password()).not.toHaveAttribute("aria-invalid");
  });

  it("says 'Enter email first' when a code is requested without an e-mail, and sends nothing", async () => {
    const requests: string[] = [];
    server.events.on("request:start", ({ request }) => requests.push(new URL(request.url).pathname));
    const { user } = await renderApp("/register");

    await user.click(screen.getByRole("button", { name: "Send Code" }));

    expect(await screen.findByText("Enter email first")).toBeInTheDocument();
    expect(field.email()).toHaveFocus();
    expect(requests).not.toContain(apiRoutes.sendVerification.path);
    server.events.removeAllListeners();
  });

  it("sends the code, says so with its expiry in minutes, and offers 'Resend'", async () => {
    const { user } = await renderApp("/register");

    await fillIn(user, { email: "grace@example.com" });
    await user.click(screen.getByRole("button", { name: "Send Code" }));

    expect(await screen.findByText("Verification code sent")).toBeInTheDocument();
    expect(
      screen.getByText("We sent a verification code to grace@example.com. It expires in 10 minutes."),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Resend" })).toBeEnabled();
    expect(screen.queryByRole("button", { name: "Send Code" })).not.toBeInTheDocument();
    expect(field.code()).toHaveFocus();
  });

  it("says the code is in the server log when the server has no mail server to send it with", async () => {
    server.use(
      http.post(apiRoutes.sendVerification.path, () =>
        HttpResponse.json({ message: "written to the log", expires_in: 10, delivery: "server_log" }),
      ),
    );
    const { user } = await renderApp("/register");

    await fillIn(user, { email: "grace@example.com" });
    await user.click(screen.getByRole("button", { name: "Send Code" }));

    expect(
      await screen.findByText(
        "No mail server is configured, so the code for grace@example.com was written to the server log. It expires in 10 minutes.",
      ),
    ).toBeInTheDocument();
  });

  it("shows 'Failed to send verification code' in the alert when sending fails without a message", async () => {
    server.use(http.post(apiRoutes.sendVerification.path, () => new HttpResponse(null, { status: 500 })));
    const { user } = await renderApp("/register");

    await fillIn(user, { email: "grace@example.com" });
    await user.click(screen.getByRole("button", { name: "Send Code" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(/^Failed to send verification code$/);
    expect(screen.getByRole("button", { name: "Send Code" })).toBeInTheDocument();
  });

  it("shows the server's message when a code is asked for too soon", async () => {
    server.use(
      http.post(apiRoutes.sendVerification.path, () =>
        HttpResponse.json(
          { message: "Please wait a minute before asking for another code" },
          { status: 429 },
        ),
      ),
    );
    const { user } = await renderApp("/register");

    await fillIn(user, { email: "grace@example.com" });
    await user.click(screen.getByRole("button", { name: "Send Code" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Please wait a minute before asking for another code",
    );
  });

  it("creates the account with the code, signs in and goes to /dashboard", async () => {
    let sent: unknown;
    server.events.on("request:start", async ({ request }) => {
      if (new URL(request.url).pathname === apiRoutes.register.path) sent = await request.clone().json();
    });
    const { user, router } = await renderApp("/register");

    await fillIn(user, { username: "grace", email: "grace@example.com" });
    await user.click(screen.getByRole("button", { name: "Send Code" }));
    await screen.findByRole("button", { name: "Resend" });
    await fillIn(user, {
      firstName: "Grace",
      code: FAKE_VERIFICATION_CODE,
      password: "compiler-1952",
      confirm: "compiler-1952",
    });
    await createAccount(user);

    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(useSessionStore.getState()).toMatchObject({
      isAuthenticated: true,
      user: { email: "grace@example.com", username: "grace", first_name: "Grace", last_name: null },
    });
    // The registration payload; an empty last name is not sent.
    expect(sent).toEqual({
      email: "grace@example.com",
      verification_code: FAKE_VERIFICATION_CODE,
      username: "grace",
      password: "compiler-1952",
      first_name: "Grace",
    });
    server.events.removeAllListeners();
  });

  it("shows the server's message when the code is wrong", async () => {
    const { user } = await renderApp("/register");

    await fillIn(user, {
      username: "grace",
      email: "grace@example.com",
      code: "000000",
      password: "compiler-1952",
      confirm: "compiler-1952",
    });
    await createAccount(user);

    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid or expired verification code");
    expect(useSessionStore.getState().isAuthenticated).toBe(false);
  });

  it("falls back to 'Registration failed', reading 'Creating Account...' while it is pending", async () => {
    let answer: (response: Response) => void = () => {};
    server.use(
      http.post(apiRoutes.register.path, () => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const { user } = await renderApp("/register");

    await fillIn(user, {
      username: "grace",
      email: "grace@example.com",
      code: "123456",
      password: "compiler-1952",
      confirm: "compiler-1952",
    });
    await createAccount(user);

    expect(await screen.findByRole("button", { name: "Creating Account..." })).toBeDisabled();
    answer(new HttpResponse(null, { status: 502 }));
    expect(await screen.findByRole("alert")).toHaveTextContent(/^Registration failed$/);
    expect(screen.getByRole("button", { name: "Create Account" })).toBeEnabled();
  });

  it("keeps 'Send Code' disabled while the code is on its way", async () => {
    server.use(
      http.post(apiRoutes.sendVerification.path, async () => {
        await delay("infinite");
        return HttpResponse.json({});
      }),
    );
    const { user } = await renderApp("/register");

    await fillIn(user, { email: "grace@example.com" });
    await user.click(screen.getByRole("button", { name: "Send Code" }));

    await waitFor(() => expect(screen.getByRole("button", { name: "Send Code" })).toBeDisabled());
  });

  it("links to the sign-in screen", async () => {
    await renderApp("/register");
    const footer = screen.getByText(/Already have an account\?/);
    expect(within(footer).getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
  });
});
