/** What the shell shows of the signed-in user; the app derives it from the session's user. */
export interface ShellAccount {
  /** The full name, or the username */
  displayName: string;
  email: string;
  /** The avatar initials */
  initials: string;
  isPremium: boolean;
  /** llm_usage_count / llm_usage_limit */
  aiUsage: { count: number; limit: number };
}
