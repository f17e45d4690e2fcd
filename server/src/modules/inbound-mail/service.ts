import type { FastifyBaseLogger } from "fastify";
import { EXTRACT_MAX_CHARS, type ExtractedTaskJson } from "@contract/extract";
import { matchProjectName } from "@contract/projects";
import {
  createTaskRequestSchema,
  parseStatusInput,
  repeatsWithoutDueDate,
  TASK_LIMITS,
  type CreateTaskInput,
  type TaskSource,
} from "@contract/tasks";
import { AiProviderError } from "../../ai/provider";
import type { AppDeps } from "../../app-types";
import { isUniqueViolation, type Db } from "../../db/database";
import type { UserRow } from "../../db/schema";
import { DomainError, QuotaExceeded } from "../../lib/domain-errors";
import { newId } from "../../lib/ids";
import { getUserByUsername } from "../auth/service";
import { projectsToMatch } from "../projects/service";
import { userDateContext } from "../extract";
import { extractWithPatterns } from "../extract/service";
import { addNotification, emailTasksText } from "../notifications/service";
import { withAiUse } from "../premium/service";
import { createTasks, withDefaultReminder, withTaskWrite } from "../tasks/service";
import { cleanMail, describeForwardedOrigin } from "./clean-body";
import { parseMessage, type InboundMessage } from "./parse-message";
import { checkSender, type SenderCheck, type SmtpEnvelope } from "./sender-check";
import { hasInboundMessage, insertInboundMessage, tasksFromMailSince } from "./repository";

type Deps = Pick<AppDeps, "db" | "config" | "clock" | "ai" | "mailDnsResolver">;
type Log = Pick<FastifyBaseLogger, "info" | "warn">;

export type RefusalReason = "unknown_recipient" | "sender_not_allowed" | "malformed" | "daily_limit";

export type InboundOutcome =
  | { status: "created"; userId: string; tasksCreated: number; method: "ai" | "pattern" | "subject" }
  | { status: "duplicate"; userId: string }
  | { status: "refused"; reason: RefusalReason; message: string };

export const EMAIL_TAG = "email";

/**
 * The user an address belongs to: `<username>@MAIL_DOMAIN`, case-insensitive; a "+suffix" after
 * the username names the project the mail's tasks go to (ada+home-renovation@…).
 */
export async function findRecipient(
  db: Db,
  mailDomain: string,
  address: string,
): Promise<{ user: UserRow; project: string | undefined } | undefined> {
  const at = address.lastIndexOf("@");
  // No username holds a NUL character, and PostgreSQL refuses one even in a lookup.
  if (at <= 0 || address.includes("\u0000")) return undefined;
  const domain = address.slice(at + 1).toLowerCase();
  if (domain !== mailDomain) return undefined;
  const [local = "", ...suffix] = address.slice(0, at).split("+");
  if (!local) return undefined;
  const user = await getUserByUsername(db, local.toLowerCase());
  if (!user) return undefined;
  const project = suffix.join("+").trim();
  return { user, project: project === "" ? undefined : project };
}

/** The user an address belongs to (see findRecipient). */
export async function findRecipientUser(
  db: Db,
  mailDomain: string,
  address: string,
): Promise<UserRow | undefined> {
  return (await findRecipient(db, mailDomain, address))?.user;
}

/**
 * The project a plus-address names (`ada+home-renovation@…` is "Home renovation": case, spaces,
 * hyphens and underscores ignored); undefined, the Inbox, when it names none of the user's.
 */
async function projectOfSuffix(
  db: Db,
  userId: string,
  suffix: string | undefined,
): Promise<string | undefined> {
  if (suffix === undefined) return undefined;
  return matchProjectName(await projectsToMatch(db, userId), suffix)?.id;
}

function refused(reason: RefusalReason, message: string): InboundOutcome {
  return { status: "refused", reason, message };
}

function sourceFor(method: "ai" | "pattern" | "subject", message: InboundMessage): TaskSource {
  const attachment = message.attachments[0];
  if (attachment) return { type: "Document", origin: "email", filename: attachment.filename };
  return method === "ai" ? { type: "Llm", origin: "email" } : { type: "Manual", origin: "email" };
}

/** An extracted task as validated create input, within the task limits, tagged "email". */
function toCreateInput(task: ExtractedTaskJson, source: TaskSource): CreateTaskInput | undefined {
  const tags = [...task.tags, EMAIL_TAG]
    .map((tag) => tag.trim().slice(0, TASK_LIMITS.tagMax))
    .filter((tag, index, all) => tag && all.indexOf(tag) === index);
  const parsed = createTaskRequestSchema.safeParse({
    title: task.title.trim().slice(0, TASK_LIMITS.titleMax),
    description: task.description ? task.description.slice(0, TASK_LIMITS.descriptionMax) : null,
    priority: task.priority,
    status: parseStatusInput(task.status) ?? "pending",
    due_date: task.due_date,
    tags: tags.slice(-TASK_LIMITS.tagsMax),
    source,
    // Extraction proposes the first due date with the rule; a rule without one is dropped.
    recurrence: repeatsWithoutDueDate(task) ? null : task.recurrence,
  });
  return parsed.success ? parsed.data : undefined;
}

interface Extraction {
  tasks: ExtractedTaskJson[];
  method: "ai" | "pattern" | "subject";
  /** Gives the AI use back (set when the AI found the tasks). */
  refund?: () => Promise<void>;
}

/**
 * AI extraction while the user has quota left (one use per e-mail), else the pattern method;
 * when neither finds anything, one task titled by the subject with the body as description.
 */
async function extractFromMail(
  deps: Deps,
  user: UserRow,
  mail: { subject: string; body: string; from: string },
  log: Log,
): Promise<Extraction> {
  const now = deps.clock.now();
  const context = userDateContext(user, now);
  // The body says what to do; the subject is the fallback title (and the content of a mail
  // that has nothing else), so a subject echoing the body does not become a second task.
  const content = (mail.body || mail.subject).slice(0, EXTRACT_MAX_CHARS);
  if (content) {
    try {
      const use = await withAiUse(deps, user, () => deps.ai.extractTasks({ content, ...context }));
      if (use.result.length > 0) return { tasks: use.result, method: "ai", refund: use.refund };
    } catch (error) {
      if (!(error instanceof AiProviderError) && !(error instanceof DomainError)) throw error;
      // The month's uses spent is no failure: such mail is read by patterns, as it always is.
      if (!(error instanceof QuotaExceeded)) {
        log.warn({ err: error, userId: user.id }, "AI extraction of an inbound mail failed; using patterns");
      }
    }
  }
  const patternTasks = content ? extractWithPatterns(content, context) : [];
  if (patternTasks.length > 0) return { tasks: patternTasks, method: "pattern" };
  return {
    method: "subject",
    tasks: [
      {
        title: mail.subject || `E-mail from ${mail.from || "an unknown sender"}`,
        description: mail.body || null,
        priority: "medium",
        status: "pending",
        due_date: null,
        tags: [],
        source: { type: "Manual" },
        recurrence: null,
      },
    ],
  };
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * A long message (a pasted log, a digest) must not flood the list: at most `max` tasks come from
 * one message; past that, the last task gathers the titles of the rest in its description, with
 * a note saying why.
 */
export function capTasks(inputs: CreateTaskInput[], max: number, subject: string): CreateTaskInput[] {
  if (inputs.length <= max) return inputs;
  const kept = inputs.slice(0, max - 1);
  const rest = inputs.slice(max - 1);
  const note = `This e-mail held ${inputs.length} tasks; at most ${max} could be made from it, so the other ${rest.length} are listed here:`;
  const lines = rest.map((task) => `- ${task.title}`);
  let description = [note, "", ...lines].join("\n");
  if (description.length > TASK_LIMITS.descriptionMax) {
    description = `${description.slice(0, TASK_LIMITS.descriptionMax - 2)}\n…`;
  }
  const title = `${rest.length} more tasks from "${subject || "an e-mail"}"`.slice(0, TASK_LIMITS.titleMax);
  const overflow: CreateTaskInput = {
    title,
    description,
    priority: "medium",
    tags: [EMAIL_TAG],
    source: rest[0]?.source,
  };
  return [...kept, overflow];
}
async function deliverToUser(
  deps: Deps,
  recipient: { user: UserRow; project: string | undefined },
  message: InboundMessage,
  sender: SenderCheck | undefined,
  log: Log,
): Promise<InboundOutcome> {
  const { user } = recipient;
  const policy = deps.config.inbound.senderPolicy;
  if (policy !== "any" && message.from !== user.email_lower) {
    log.warn(
      { userId: user.id, from: message.from, messageId: message.messageId },
      `Inbound mail refused: the sender is not the account's own address (INBOUND_SENDER_POLICY=${policy})`,
    );
    return refused("sender_not_allowed", "Only mail from the account's own address is accepted");
  }
  if (sender && !sender.verified) {
    log.warn(
      { userId: user.id, from: message.from, messageId: message.messageId },
      `Inbound mail refused: the sender's address is not verified, ${sender.reason} (INBOUND_SENDER_POLICY=owner)`,
    );
    return refused(
      "sender_not_allowed",
      "Only mail from the account's own address is accepted, and this message's sender could not be verified (SPF, DKIM, DMARC)",
    );
  }
  if (await hasInboundMessage(deps.db, user.id, message.messageId)) {
    log.info(
      { userId: user.id, messageId: message.messageId },
      "Inbound mail already received; nothing created",
    );
    return { status: "duplicate", userId: user.id };
  }

  // Checked before any extraction, so mail over the day's limit costs no AI use. Two messages
  // arriving at the same moment may both pass the check: the limit is a flood guard, not a quota.
  const { maxTasksPerMessage, maxTasksPerDay } = deps.config.inbound;
  const since = new Date(deps.clock.now().getTime() - DAY_MS);
  const allowance = maxTasksPerDay - (await tasksFromMailSince(deps.db, user.id, since));
  if (allowance <= 0) {
    log.warn(
      { userId: user.id, messageId: message.messageId },
      "Inbound mail refused: the daily task limit is reached",
    );
    return refused(
      "daily_limit",
      `At most ${maxTasksPerDay} tasks a day are made from e-mail; try again tomorrow`,
    );
  }
  const cleaned = cleanMail(message);
  const extraction = await extractFromMail(deps, user, { ...cleaned, from: message.from }, log);
  const source = sourceFor(extraction.method, message);
  const projectId = await projectOfSuffix(deps.db, user.id, recipient.project);
  const inputs = capTasks(
    extraction.tasks.flatMap(
      (task) =>
        toCreateInput(
          { ...task, description: describeForwardedOrigin(task.description, cleaned.forwarded) },
          source,
        ) ?? [],
    ),
    Math.min(maxTasksPerMessage, allowance),
    cleaned.subject,
  ).map((input) =>
    withDefaultReminder(projectId ? { ...input, project_id: projectId } : input, user, deps.clock.now()),
  );
  try {
    // The message record and its tasks are written together, or not at all.
    await withTaskWrite(deps.db, user.id, deps.clock, async ({ trx }) => {
      await insertInboundMessage(trx, {
        id: newId(),
        user_id: user.id,
        message_id: message.messageId,
        subject: cleaned.subject.slice(0, 500) || null,
        tasks_created: inputs.length,
        received_at: deps.clock.now().toISOString(),
      });
      const tasks = await createTasks(trx, deps.clock, user.id, inputs);
      await addNotification(trx, {
        userId: user.id,
        kind: "email_tasks",
        // One task is linked to; several are found by their "email" tag.
        taskId: tasks.length === 1 ? (tasks[0]?.id ?? null) : null,
        text: emailTasksText(tasks.length, cleaned.subject),
        nowIso: deps.clock.now().toISOString(),
      });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The same message arrived twice at once: the other delivery made the tasks.
    await extraction.refund?.();
    return { status: "duplicate", userId: user.id };
  }
  log.info(
    { userId: user.id, messageId: message.messageId, tasks: inputs.length, method: extraction.method },
    "Inbound mail turned into tasks",
  );
  return { status: "created", userId: user.id, tasksCreated: inputs.length, method: extraction.method };
}

/**
 * One inbound message, from SMTP or the webhook. `recipients` are the envelope recipients when
 * known (SMTP RCPT TO, the provider's header); else the message's Delivered-To/To/Cc are used.
 * `envelope` is the SMTP client, for SPF. One outcome per addressed user; nothing is half-written.
 */
export async function receiveMail(
  deps: Deps,
  input: { raw: Buffer; recipients?: string[]; envelope?: SmtpEnvelope },
  log: Log,
): Promise<InboundOutcome[]> {
  let message: InboundMessage;
  try {
    message = await parseMessage(input.raw);
  } catch (error) {
    log.warn({ err: error }, "Inbound mail refused: the message could not be parsed");
    return [refused("malformed", "The message could not be read")];
  }
  const candidates = input.recipients?.length ? input.recipients : message.headerRecipients;
  // One delivery per user; of two addresses of one user, the first one's project counts.
  const users = new Map<string, { user: UserRow; project: string | undefined }>();
  for (const address of candidates) {
    const recipient = await findRecipient(deps.db, deps.config.mailDomain, address.trim());
    if (recipient && !users.has(recipient.user.id)) users.set(recipient.user.id, recipient);
  }
  if (users.size === 0) {
    log.warn(
      { recipients: candidates, messageId: message.messageId },
      "Inbound mail refused: no such recipient",
    );
    return [refused("unknown_recipient", "No Tasklane account has this address")];
  }
  // Checked once per message, and only when it can matter: the sender is one of the recipients.
  const ownerWrote = [...users.values()].some(({ user }) => user.email_lower === message.from);
  const sender =
    deps.config.inbound.senderPolicy === "owner" && ownerWrote
      ? await checkSender(input.raw, message.from, {
          trustedAuthservIds: deps.config.inbound.trustedAuthservIds,
          envelope: input.envelope,
          mta: deps.config.mailDomain,
          resolver: deps.mailDnsResolver,
        })
      : undefined;
  const outcomes: InboundOutcome[] = [];
  for (const recipient of users.values()) {
    outcomes.push(await deliverToUser(deps, recipient, message, sender, log));
  }
  return outcomes;
}
