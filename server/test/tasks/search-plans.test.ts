import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTransaction, type Db } from "../../src/db/database";
import { selectTaskPage } from "../../src/modules/tasks/page-repository";
import { visibleMatching } from "../../src/modules/tasks/search-repository";
import { createTasks } from "../../src/modules/tasks/service";
import { createTestApp, signUp, type TestApp } from "../helpers";
import { newApiUser } from "../projects/api-user";
import { share } from "../sharing/share";

/**
 * PostgreSQL keeps a connection's queries as prepared statements, and may run a kept one on a
 * generic plan, made once for any value. A search's plan depends on its text (the trigram indexes
 * for `invoice`, none for `qu`), so its statements must be planned for their values each time: a
 * generic plan ran the 2-letter search through every entry of three trigram indexes (60 ms and
 * more for 10,000 tasks, not 10). And a search reads the trigram index by owner, so it costs the
 * matches its user can see, not every user's. PostgreSQL only (TEST_DATABASE_URL).
 */

const databaseUrl = process.env.TEST_DATABASE_URL;

let t: TestApp;
let userId: string;

beforeAll(async () => {
  if (!databaseUrl) return;
  t = await createTestApp();
  userId = (await signUp(t)).user.id;
  await createTasks(t.deps.db, t.clock, userId, [
    { title: "Pay the invoice", priority: "medium", tags: ["work"] },
    { title: "Quarterly report", description: "Send the invoice too", priority: "high", tags: [] },
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe.runIf(databaseUrl)("searches on PostgreSQL", () => {
  it("are never kept as prepared statements, however often they run", async () => {
    // A transaction holds one connection: the statements it prepared are those listed after.
    const kept = await inTransaction(t.deps.db, async (trx) => {
      for (const search of ["invoice", "qu", "report", "invoice", "pay", "invoice", "qu"]) {
        await selectTaskPage(trx, userId, { search }, { order: "due" });
        await selectTaskPage(
          trx,
          userId,
          { search, statuses: ["pending"] },
          { order: "completed_at", limit: 50 },
        );
        await selectTaskPage(trx, userId, { tags: [search] }, { order: "due" });
      }
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
        trx,
      );
      return rows.map((row) => row.statement);
    });

    expect(kept.filter((statement) => /\bi?like\b/i.test(statement))).toEqual([]);
    // The list's statements without a search are still kept.
    await inTransaction(t.deps.db, async (trx) => {
      await selectTaskPage(trx, userId, {}, { order: "due" });
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
        trx,
      );
      expect(rows.some((row) => row.statement.includes('from "tasks"'))).toBe(true);
    });
  });

  it("go through one trigram index by owner whose pending list stays short", async () => {
    // Each search reads the whole list of entries not yet merged: 128 kB at most, not 4 MB.
    const { rows } = await sql<{ relname: string; reloptions: string[] | null }>`
      select relname, reloptions from pg_class where relname like 'tasks\_%\_trigram'`.execute(t.deps.db);
    const extensions = await sql`
      select 1 from pg_extension where extname in ('pg_trgm', 'btree_gin')`.execute(t.deps.db);
    // Left out where the extensions cannot be created (a search then reads the user's tasks).
    expect(rows.map((row) => row.relname)).toEqual(
      extensions.rows.length === 2 ? ["tasks_owner_trigram"] : [],
    );
    for (const row of rows) expect(row.reloptions, row.relname).toContain("gin_pending_list_limit=128");
  });

  it("read only the matches of the user and of the projects shared with them", async () => {
    const owner = await newApiUser(t);
    const member = await newApiUser(t);
    const projectId = (await owner.createProject("Household")).id;
    await share(owner, member, projectId, "viewer");
    // Enough tasks of several users that an index is worth reading, "invoice" in a few of each's.
    const tasks = (project?: string) =>
      Array.from({ length: 600 }, (_, index) => ({
        title: index % 50 === 0 ? `Pay the invoice ${index}` : `Chore ${index}`,
        description: index % 70 === 0 ? "invoice attached" : null,
        priority: "low" as const,
        tags: [],
        ...(project ? { project_id: project } : {}),
      }));
    await createTasks(t.deps.db, t.clock, owner.user.id, tasks(projectId));
    await createTasks(t.deps.db, t.clock, member.user.id, tasks());
    await createTasks(t.deps.db, t.clock, userId, tasks());
    await sql`analyze tasks`.execute(t.deps.db);

    // The question is what the query lets the trigram index by owner do, not which index the
    // planner prefers on a table this small: after the suite's churn it once took a btree by owner
    // for an arm (reading all the member's rows, then filtering). So the plan is made with the
    // table's other indexes dropped in a transaction that is then rolled back.
    const plan = await planWithOnlyTheTrigramIndex(async (trx) => {
      const filters = { search: "invoice", sharedProjectIds: [projectId] };
      const query = trx
        .selectFrom("tasks")
        .select("id")
        .where((eb) => visibleMatching(eb, member.user.id, filters, { postgres: true }));
      return (await query.explain("json"))[0]?.["QUERY PLAN"] as PlanNode[];
    });
    // The member's own tasks and the shared project's, each looked up by owner and text: written
    // as (own or shared) and (title or description or tags), every user's matches were read.
    const scans = indexScans(plan[0]?.Plan);
    expect(scans.length).toBeGreaterThan(0);
    for (const scan of scans) {
      expect(scan.index).toBe("tasks_owner_trigram");
      expect(scan.condition).toMatch(/\((user_id|project_id) = .* AND \(lower\(\w+\) ~~ '%invoice%'/);
    }
    // Both owners' arms, each for the title and the description at least.
    expect(scans.filter((scan) => scan.condition.startsWith("((user_id")).length).toBeGreaterThanOrEqual(2);
    expect(scans.filter((scan) => scan.condition.startsWith("((project_id")).length).toBeGreaterThanOrEqual(
      2,
    );
  });
});

/** What `explain` gives with seq scans off and no index on tasks but the trigram one by owner. */
async function planWithOnlyTheTrigramIndex(explain: (trx: Db) => Promise<PlanNode[]>): Promise<PlanNode[]> {
  const trx = await t.deps.db.startTransaction().execute();
  try {
    await sql`set local enable_seqscan = off`.execute(trx);
    const { rows } = await sql<{ name: string }>`
      select indexrelid::regclass::text as name from pg_index
      where indrelid = 'tasks'::regclass and indexrelid <> 'tasks_owner_trigram'::regclass
        and not exists (select 1 from pg_constraint where conindid = indexrelid)`.execute(trx);
    for (const { name } of rows) await sql`drop index ${sql.id(name)}`.execute(trx);
    return await explain(trx);
  } finally {
    await trx.rollback().execute();
  }
}

interface PlanNode {
  Plan?: PlanNode;
  Plans?: PlanNode[];
  "Index Name"?: string;
  "Index Cond"?: string;
}

/** Every index scan of a plan, with its index and condition. */
function indexScans(node: PlanNode | undefined): Array<{ index: string; condition: string }> {
  if (!node) return [];
  const own = node["Index Name"] ? [{ index: node["Index Name"], condition: node["Index Cond"] ?? "" }] : [];
  return [...own, ...(node.Plans ?? []).flatMap(indexScans)];
}
