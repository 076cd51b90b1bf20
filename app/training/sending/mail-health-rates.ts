/**
 * The lines mail receivers draw (Gmail's and Yahoo's bulk-sender rules): complaints should stay
 * under 0.1% and must never reach 0.3%; bounces above 2% mark a list that is not kept clean. The
 * automatic brakes fire at the harder limits (0.3% complaints, 4% bounces over a week) so a bad
 * scenario or a bad batch of addresses stops before the domain's reputation does.
 */
export const COMPLAINT_WARNING_RATE = 0.001;
export const COMPLAINT_LIMIT_RATE = 0.003;
export const BOUNCE_WARNING_RATE = 0.02;
export const BOUNCE_LIMIT_RATE = 0.04;

/** A share as a percentage for people to read: "0.50%". */
export function percent(rate: number | null): string {
  return rate === null ? "N/A" : `${(rate * 100).toFixed(2)}%`;
}

/** part / whole, or null when there is nothing to divide by. */
export function rateOf(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}
