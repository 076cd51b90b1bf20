/** "November 30, 2026" for a YYYY-MM-DD day that is already the member's local day. */
export function formatLessonDay(day: string): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}
