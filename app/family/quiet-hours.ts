import type { AgeBand } from "./age-bands";

/**
 * When a practice message may arrive, in the person's own time zone: never at night
 * (21:00-08:00), and for children and teens never during school hours (08:00-15:00 on weekdays).
 * Everything works on real instants and asks Intl for the local wall time of each one, so
 * daylight-saving changes need no special cases.
 */
export const DAY_STARTS_AT_HOUR = 8;
export const NIGHT_STARTS_AT_HOUR = 21;
export const SCHOOL_ENDS_AT_HOUR = 15;

const SLOT_MS = 15 * 60 * 1000;
const PLANNING_HORIZON_MS = 15 * 24 * 60 * 60 * 1000;

export interface LocalTime {
  year: number;
  month: number;
  day: number;
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  weekday: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

function formatterFor(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      weekday: "short",
      hour: "numeric",
      minute: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True for a time zone name this runtime knows (e.g. "Europe/London"). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

export function localTime(instant: Date, timeZone: string): LocalTime {
  // UTC needs no time-zone database: the results' week keys ask for it many times per page.
  if (timeZone === "UTC") {
    return {
      year: instant.getUTCFullYear(),
      month: instant.getUTCMonth() + 1,
      day: instant.getUTCDate(),
      weekday: instant.getUTCDay() === 0 ? 7 : instant.getUTCDay(),
      hour: instant.getUTCHours(),
      minute: instant.getUTCMinutes(),
    };
  }
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: WEEKDAYS[parts.weekday!]!,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

export function isAllowedSendTime(instant: Date, timeZone: string, ageBand: AgeBand): boolean {
  return isAllowedLocalTime(localTime(instant, timeZone), ageBand);
}

function isAllowedLocalTime(local: LocalTime, ageBand: AgeBand): boolean {
  if (local.hour < DAY_STARTS_AT_HOUR || local.hour >= NIGHT_STARTS_AT_HOUR) return false;
  const schoolAge = ageBand === "child" || ageBand === "teen";
  const weekday = local.weekday <= 5;
  if (schoolAge && weekday && local.hour < SCHOOL_ENDS_AT_HOUR) return false;
  return true;
}

/** The ISO week ("2026-W48") that an instant falls in, in the given time zone. */
export function isoWeekKey(instant: Date, timeZone: string): string {
  return weekKeyOf(localTime(instant, timeZone));
}

function weekKeyOf(local: LocalTime): string {
  // ISO 8601: the week belongs to the year of its Thursday.
  const date = new Date(Date.UTC(local.year, local.month - 1, local.day));
  date.setUTCDate(date.getUTCDate() + 4 - local.weekday);
  const yearStart = new Date(Date.UTC(date.getUTCFullYear(), 0, 1));
  const week = Math.ceil(((date.getTime() - yearStart.getTime()) / 86_400_000 + 1) / 7);
  return `${date.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

/** When a practice message for this person may go: from `now`, never in a week of `skipWeeks`. */
export interface SendTimeRequest {
  now: Date;
  timeZone: string;
  ageBand: AgeBand;
  /** Weeks that already have one of their messages (ISO week keys in their time zone). */
  skipWeeks?: ReadonlySet<string>;
  random?: () => number;
}

export interface PlannedMoment {
  at: Date;
  weekKey: string;
}

/** A whole second inside a quarter hour, so messages do not all arrive on the dot. */
function momentIntoSlot(random: () => number): number {
  return Math.floor(random() * (SLOT_MS / 1000 - 1)) * 1000;
}

/**
 * A random moment for the next practice message: inside the allowed hours, in the first ISO week
 * (in the person's time zone) from `now` that is not in `skipWeeks` and still has allowed time
 * left. Returns the moment and its week, or null if none in the next two weeks (cannot happen
 * with the hours above, but the caller does not have to trust that).
 */
export function pickSendTime(options: SendTimeRequest): PlannedMoment | null {
  const random = options.random ?? Math.random;
  const firstSlot = Math.ceil(options.now.getTime() / SLOT_MS) * SLOT_MS;
  let week: string | null = null;
  let candidates: number[] = [];
  for (let start = firstSlot; start < options.now.getTime() + PLANNING_HORIZON_MS; start += SLOT_MS) {
    // Every real UTC offset is a multiple of 15 minutes and clocks change on the hour, so a
    // 15-minute slot that starts at an allowed local time stays allowed to its end.
    const local = localTime(new Date(start), options.timeZone);
    const key = weekKeyOf(local);
    if (options.skipWeeks?.has(key)) continue;
    if (week !== null && key !== week) {
      if (candidates.length > 0) break;
      candidates = [];
    }
    week = key;
    if (isAllowedLocalTime(local, options.ageBand)) candidates.push(start);
  }
  if (week === null || candidates.length === 0) return null;
  const slot = candidates[Math.min(candidates.length - 1, Math.floor(random() * candidates.length))]!;
  return { at: new Date(slot + momentIntoSlot(random)), weekKey: week };
}

/**
 * The first moment from `after` on when a practice message may arrive: `after` itself when it is
 * allowed, otherwise the start of the first allowed quarter hour. Null if none within the planning
 * horizon (cannot happen with the hours above).
 */
export function nextAllowedSendTime(after: Date, timeZone: string, ageBand: AgeBand): Date | null {
  if (isAllowedSendTime(after, timeZone, ageBand)) return after;
  const horizon = after.getTime() + PLANNING_HORIZON_MS;
  for (let start = Math.ceil(after.getTime() / SLOT_MS) * SLOT_MS; start < horizon; start += SLOT_MS) {
    if (isAllowedSendTime(new Date(start), timeZone, ageBand)) return new Date(start);
  }
  return null;
}

/**
 * For a message that came due in the person's quiet hours (a late run, a changed time zone, or an
 * email the warm start held back): a moment in their next allowed quarter hour, so it keeps its
 * place ahead of messages planned after it, rather than a random moment later in the week. Null
 * when that moment's week already has one of their messages (`skipWeeks`): the caller then
 * picks a moment in a free week (pickSendTime).
 */
export function soonestSendTime(options: SendTimeRequest): PlannedMoment | null {
  const start = nextAllowedSendTime(options.now, options.timeZone, options.ageBand);
  if (!start) return null;
  // A moment inside that quarter hour: a slot that starts allowed stays allowed to its end.
  const slotStart = Math.floor(start.getTime() / SLOT_MS) * SLOT_MS;
  const at = new Date(Math.max(start.getTime(), slotStart + momentIntoSlot(options.random ?? Math.random)));
  const weekKey = isoWeekKey(at, options.timeZone);
  return options.skipWeeks?.has(weekKey) ? null : { at, weekKey };
}
