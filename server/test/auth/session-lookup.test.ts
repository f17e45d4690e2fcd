import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, migrateToLatest, type Db } from "../../src/db/database";
import { createSession, findSessionUser, revokeSession } from "../../src/modules/auth/session-repository";
import { createTestApp, signUp, testClock, testDatabase, type SignedUp, type TestApp } from "../helpers";

const testClient = { userAgent: "vitest", ip: "127.0.0.1" };

/**
 * Session lookups made at the same moment each find exactly what a lookup of their own would: the
 * token's user, or nobody for an unknown, revoked or (at the lookup's own time) expired token. A
 * token looked up again finds what is true then, whoever changed it. Runs on SQLite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
let ann: SignedUp;
let bob: SignedUp;
const start = new Date("2026-11-21T10:00:00.000Z");

beforeAll(async () => {
  t = await createTestApp({ clock: testClock(start) });
  ann = await signUp(t);
  bob = await signUp(t);
});
afterAll(async () => {
  await t.close();
});

describe("session lookups at the same moment", () => {
  it("each finds its own user, and nobody for an unknown, revoked or expired token", async () => {
    const db = t.deps.db;
    const revoked = await createSession(db, ann.user.id, start, 1, testClient);
    await revokeSession(db, revoked.sessionId, start);
    // Lives one day from `start`: live just before, expired just after.
    const shortLived = await createSession(db, bob.user.id, start, 1, testClient);
    const justBefore = new Date(start.getTime() + 86_400_000 - 1);
    const justAfter = new Date(start.getTime() + 86_400_000 + 1);

    const found = await Promise.all([
      findSessionUser(db, ann.token, start),
      findSessionUser(db, bob.token, start),
      findSessionUser(db, "not-a-token", start),
      findSessionUser(db, revoked.token, start),
      findSessionUser(db, shortLived.token, justBefore),
      findSessionUser(db, shortLived.token, justAfter),
      findSessionUser(db, ann.token, start),
    ]);

    expect(found.map((session) => session?.user.id)).toEqual([
      ann.user.id,
      bob.user.id,
      undefined,
      undefined,
      bob.user.id,
      undefined,
      ann.user.id,
    ]);
    expect(found[4]?.sessionId).toBe(shortLived.sessionId);
    // The columns every signed-in call needs, and nothing of the session.
    expect(found[0]?.user).toEqual({
      id: ann.user.id,
      timezone: ann.user.timezone,
      default_reminder_minutes: ann.user.default_reminder_minutes,
      morning_hour: null,
      date_order: null,
    });
    expect(found[0]?.user).toEqual(found[6]?.user);
  });

  it("a lookup made while others are being answered sees a revocation made before it", async () => {
    const db = t.deps.db;
    const session = await createSession(db, ann.user.id, start, 1, testClient);
    const earlier = findSessionUser(db, session.token, start);
    // The earlier lookup's query is on its way (PostgreSQL) when the session is revoked.
    await new Promise((resolve) => setImmediate(resolve));
    await revokeSession(db, session.sessionId, start);
    const later = findSessionUser(db, session.token, start);
    await earlier;
    expect(await later).toBeUndefined();
  });
});

describe("a token looked up again", () => {
  // Two handles on one database: on SQLite two connections to one file, as two server processes.
  let dir: string;
  let here: Db;
  let elsewhere: Db;
  let app: TestApp;
  let cyd: SignedUp;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "tasklane-lookups-"));
    const file = path.join(dir, "tasklane.sqlite");
    if (process.env.TEST_DATABASE_URL) {
      here = await testDatabase({ reset: false });
      elsewhere = await testDatabase({ reset: false });
    } else {
      here = createDatabase({ sqlitePath: file });
      await migrateToLatest(here);
      elsewhere = createDatabase({ sqlitePath: file });
    }
    app = await createTestApp({ db: here, clock: testClock(start) });
    cyd = await signUp(app);
  });
  afterAll(async () => {
    await app.close();
    await here.destroy();
    await elsewhere.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it("finds nobody once the session is revoked, by another instance or by this one", async () => {
    const bySomeoneElse = await createSession(here, cyd.user.id, start, 1, testClient);
    const byUs = await createSession(here, cyd.user.id, start, 1, testClient);
    for (let lookup = 0; lookup < 3; lookup += 1) {
      expect((await findSessionUser(here, bySomeoneElse.token, start))?.sessionId).toBe(
        bySomeoneElse.sessionId,
      );
      expect((await findSessionUser(here, byUs.token, start))?.sessionId).toBe(byUs.sessionId);
    }
    await revokeSession(elsewhere, bySomeoneElse.sessionId, start);
    expect(await findSessionUser(here, bySomeoneElse.token, start)).toBeUndefined();
    expect((await findSessionUser(here, byUs.token, start))?.sessionId).toBe(byUs.sessionId);
    await revokeSession(here, byUs.sessionId, start);
    expect(await findSessionUser(here, byUs.token, start)).toBeUndefined();
  });

  it("finds nobody once the session has expired, with nothing written meanwhile", async () => {
    const session = await createSession(here, cyd.user.id, start, 1, testClient);
    const expiry = new Date(start.getTime() + 86_400_000);
    expect(await findSessionUser(here, session.token, new Date(expiry.getTime() - 1))).toBeDefined();
    expect(await findSessionUser(here, session.token, expiry)).toBeUndefined();
    expect(await findSessionUser(here, session.token, new Date(expiry.getTime() - 1))).toBeDefined();
  });

  it("finds the user as another instance has just changed them", async () => {
    const session = await createSession(here, cyd.user.id, start, 1, testClient);
    const before = await findSessionUser(here, session.token, start);
    expect(await findSessionUser(here, session.token, start)).toEqual(before);
    await sql`update users set timezone = 'Europe/Oslo' where id = ${cyd.user.id}`.execute(elsewhere);
    expect((await findSessionUser(here, session.token, start))?.user).toEqual({
      ...before?.user,
      timezone: "Europe/Oslo",
    });
  });
});
