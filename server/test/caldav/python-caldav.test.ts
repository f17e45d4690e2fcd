import { execFile } from "node:child_process";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, signUp, type SignedUp, type TestApp } from "../helpers";

/**
 * Debian's python3-caldav given only the server's address, as a person types it into an app that
 * asks for "server": it must find the principal and every task list from there. CI installs the
 * package (.ci/run); where it is missing this test fails, it never skips.
 */

const run = promisify(execFile);

const LIST_CALENDARS = [
  "import sys, caldav",
  "client = caldav.DAVClient(url=sys.argv[1], username=sys.argv[2], password=sys.argv[3])",
  "for calendar in client.principal().calendars():",
  "    print(calendar.url)",
].join("\n");

describe("CalDAV discovery with python3-caldav", { timeout: 60_000 }, () => {
  let t: TestApp;
  let owner: SignedUp;
  let base: string;
  let password: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = await signUp(t);
    password = (
      await t.app.inject({
        method: "POST",
        url: "/api/v1/app-passwords",
        headers: bearer(owner.token),
        payload: { name: "python" },
      })
    ).json<{ password: string }>().password;
  });
  afterAll(async () => t.close());

  for (const path of ["", "/"]) {
    it(`finds every task list from the server's address alone ("http://host${path}")`, async () => {
      const { stdout } = await run("/usr/bin/python3", [
        "-c",
        LIST_CALENDARS,
        `${base}${path}`,
        owner.user.username,
        password,
      ]);
      const account = (
        await t.app.inject({ method: "GET", url: "/api/v1/caldav", headers: bearer(owner.token) })
      ).json<{ collections: Array<{ url: string }> }>();
      const expected = account.collections.map((collection) => new URL(collection.url).pathname);
      expect(
        stdout
          .trim()
          .split("\n")
          .map((url) => new URL(url).pathname),
      ).toEqual(expected);
    });
  }
});
