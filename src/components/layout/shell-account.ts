/** What the shell shows of the signed-in user; the app derives it from the session's user. */
export interface ShellAccount {
  /** spec §2: the full name, or the username */
  displayName: string;
  email: string;
  /** spec §2: the avatar initials */
  initials: string;
  isPremium: boolean;
  /** llm_usage_count / llm_usage_limit (spec §2) */
  aiUsage: { count: number; limit: number };
}
