/** A moment on a given day at a whole hour in UTC: `at("2026-11-16", 14)`. */
export const at = (day: string, hourUtc: number) => new Date(`${day}T${String(hourUtc).padStart(2, "0")}:00:00Z`);
