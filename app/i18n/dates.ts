/** Dates as readers see them, in either language. */

/** Long US style ("January 5, 2027"), or N/A when missing. */
export function formatLongDate(value: string | Date | null | undefined, language: "en" | "es" = "en"): string {
  if (!value) return "N/A";
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "N/A";
  return new Intl.DateTimeFormat(language === "es" ? "es-US" : "en-US", { dateStyle: "long", timeZone: "UTC" }).format(
    date,
  );
}
