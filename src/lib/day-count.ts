/** "1 day", "2 days", "1.5 days": a number of days said as people say it. */
export function dayCount(count: number): string {
  return `${count} ${count === 1 ? "day" : "days"}`;
}
