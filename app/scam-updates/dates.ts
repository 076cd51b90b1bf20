/** "2026-11-20" → "November 20, 2026"; a source dated only to the month, "2024-04" → "April 2024". */
export function formatUpdateDate(iso: string): string {
  const monthOnly = iso.length === 7;
  return new Intl.DateTimeFormat("en-US", {
    ...(monthOnly ? { month: "long", year: "numeric" } : { dateStyle: "long" }),
    timeZone: "UTC",
  }).format(new Date(`${monthOnly ? `${iso}-01` : iso}T00:00:00Z`));
}
