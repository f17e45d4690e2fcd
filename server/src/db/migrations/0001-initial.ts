import type { Kysely } from "kysely";

// Frozen in time: never import application code here; only portable column types.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("email_lower", "text", (col) => col.notNull().unique())
    .addColumn("username", "text", (col) => col.notNull())
    .addColumn("username_lower", "text", (col) => col.notNull().unique())
    .addColumn("password_hash", "text", (col) => col.notNull())
    .addColumn("first_name", "text")
    .addColumn("last_name", "text")
    .addColumn("timezone", "text", (col) => col.notNull().defaultTo("UTC"))
    .addColumn("is_premium", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("llm_usage_count", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("llm_usage_period", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema.createIndex("sessions_user_id").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("verification_codes")
    .addColumn("email_lower", "text", (col) => col.primaryKey())
    .addColumn("code_hash", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("failed_attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("last_sent_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("hits", "integer", (col) => col.notNull())
    .addColumn("window_ends_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("tasks")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("description", "text")
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("priority", "text", (col) => col.notNull())
    .addColumn("due_date", "text")
    .addColumn("tags", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("source_type", "text", (col) => col.notNull().defaultTo("Manual"))
    .addColumn("source_origin", "text")
    .addColumn("source_filename", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("completed_at", "text")
    .execute();
  await db.schema
    .createIndex("tasks_user_status_due")
    .on("tasks")
    .columns(["user_id", "status", "due_date"])
    .execute();
  await db.schema.createIndex("tasks_user_created").on("tasks").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("tasks_user_updated").on("tasks").columns(["user_id", "updated_at"]).execute();

  await db.schema
    .createTable("generation_requests")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("result", "text")
    .addColumn("error", "text")
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("claimed_by", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("started_at", "text")
    .addColumn("finished_at", "text")
    .execute();
  await db.schema
    .createIndex("generation_requests_status")
    .on("generation_requests")
    .columns(["status", "created_at"])
    .execute();
  await db.schema
    .createIndex("generation_requests_user")
    .on("generation_requests")
    .columns(["user_id", "status"])
    .execute();

  await db.schema
    .createTable("daily_reports")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("local_date", "text", (col) => col.notNull())
    .addColumn("report", "text", (col) => col.notNull())
    .addColumn("generated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("daily_reports_user_generated")
    .on("daily_reports")
    .columns(["user_id", "generated_at"])
    .execute();

  await db.schema
    .createTable("inbound_messages")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("message_id", "text", (col) => col.notNull())
    .addColumn("subject", "text")
    .addColumn("tasks_created", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("received_at", "text", (col) => col.notNull())
    .addUniqueConstraint("inbound_messages_user_message", ["user_id", "message_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "inbound_messages",
    "daily_reports",
    "generation_requests",
    "tasks",
    "rate_limits",
    "verification_codes",
    "sessions",
    "users",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
