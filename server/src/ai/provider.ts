import type { ExtractedTaskJson } from "@contract/extract";
import type { TaskPriority, WireTaskStatus } from "@contract/tasks";
import type { WeekFacts } from "./week-summary";

/** A task offered to the planner: only what it needs to judge. */
export interface PlanCandidate {
  id: string;
  title: string;
  description: string | null;
  status: WireTaskStatus;
  priority: TaskPriority;
  due_date: string | null;
  created_at: string;
}

export interface PlanPick {
  task_id: string;
  reason: string;
}

export interface ExtractionInput {
  content: string;
  /** IANA zone in which relative dates ("tomorrow", "by 5pm") are read */
  timeZone: string;
  now: Date;
  /** The hour "morning" with no hour written means to this user; 9 when not given */
  morningHour?: number;
}

export interface PlanInput {
  tasks: PlanCandidate[];
  timeZone: string;
  now: Date;
}

/**
 * The AI behind extraction and the daily plan: an OpenAI-compatible endpoint when AI_BASE_URL is
 * set, else the built-in offline engine. Failures throw AiProviderError (→ 502/504, not charged).
 */
export interface AiProvider {
  readonly name: "builtin" | "openai";
  extractTasks(input: ExtractionInput): Promise<ExtractedTaskJson[]>;
  prioritise(input: PlanInput): Promise<PlanPick[]>;
  /** A weekly review's short summary in words, from its counts. */
  summariseWeek(input: WeekFacts): Promise<string>;
}

export class AiProviderError extends Error {
  constructor(
    message: string,
    readonly kind: "timeout" | "bad_response" | "unavailable",
  ) {
    super(message);
    this.name = "AiProviderError";
  }
}
