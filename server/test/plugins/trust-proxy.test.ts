import { afterEach, describe, expect, it } from "vitest";
import { apiRoutes } from "@contract/routes";
import { parseConfig } from "../../src/config";
import { createTestApp, type TestApp } from "../helpers";

/** 72 sign-in attempts, each naming a different forged client first in X-Forwarded-For. */
async function forgedLogins(t: TestApp, remoteAddress: string, realClient?: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 72; i += 1) {
    const forged = `198.18.${i >> 8}.${i & 255}`;
    const response = await t.app.inject({
      method: "POST",
      url: apiRoutes.login.path,
      remoteAddress,
      headers: { "x-forwarded-for": realClient ? `${forged}, ${realClient}` : forged },
      payload: { email: `nobody-${i}@example.com`, password: "not-the-password" },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

describe("TRUST_PROXY", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("refuses true, which would believe any client's X-Forwarded-For, naming the variable", () => {
    expect(() => parseConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY/);
    expect(() => parseConfig({ TRUST_PROXY: "everyone" })).toThrow(/TRUST_PROXY/);
    expect(() => parseConfig({ TRUST_PROXY: "10.0.0.1/40" })).toThrow(/TRUST_PROXY/);
  });

  it("takes a hop count or the proxies' addresses", () => {
    expect(parseConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(parseConfig({ TRUST_PROXY: "10.0.0.5, 10.0.1.0/24, ::1" }).trustProxy).toEqual([
      "10.0.0.5",
      "10.0.1.0/24",
      "::1",
    ]);
    expect(parseConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(parseConfig({}).trustProxy).toBe(false);
  });

  it("with one hop, limits the real client however the forged part of X-Forwarded-For changes", async () => {
    t = await createTestApp({ env: { TRUST_PROXY: "1" } });
    const statuses = await forgedLogins(t, "10.0.0.1", "203.0.113.50");
    expect(statuses).toContain(429);
  });

  it("with the proxy's address, limits the client the proxy saw", async () => {
    t = await createTestApp({ env: { TRUST_PROXY: "10.0.0.1" } });
    expect(await forgedLogins(t, "10.0.0.1", "203.0.113.51")).toContain(429);
  });

  it("with the proxy's address, ignores X-Forwarded-For from anyone else", async () => {
    t = await createTestApp({ env: { TRUST_PROXY: "10.0.0.1" } });
    expect(await forgedLogins(t, "198.51.100.9")).toContain(429);
  });
});
