import { eq, sql } from "drizzle-orm";
import { createCookie, data } from "react-router";
import type { FormResult } from "~/validation/form-result";
import { readForm } from "~/validation/read-form.server";
import { getEnv } from "~/config/env.server";
import type { Database } from "~/db/client.server";
import { courseReaders } from "../tables";
import { DEFAULT_COURSE_TRACK, isCourseTrack, type CourseTrack } from "./course-tracks";
import { CourseTrackFormSchema } from "./track-form";

/**
 * Which track a reader reads the course in: the one in the page's address (`?track=kids`, so a
 * teacher can share it) first, then the one they chose (a signed-in reader's in their account,
 * anyone else's in a cookie), then Adults. The choice changes nothing about what is free.
 */
const ONE_YEAR = 365 * 24 * 60 * 60;

function trackCookie() {
  // Not secret and not signed: it only says which words a visitor prefers to read.
  return createCookie("scam-free-course-track", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: ONE_YEAR,
    secure: getEnv().isHttps,
  });
}

/** The track in the address: a track, "none" without one, or "unknown" for anything else (a 404). */
export function trackInAddress(url: URL): CourseTrack | "none" | "unknown" {
  const value = url.searchParams.get("track");
  if (value === null) return "none";
  return isCourseTrack(value) ? value : "unknown";
}

export async function savedTrack(db: Database, request: Request, userId: string | null): Promise<CourseTrack> {
  if (userId) {
    const [row] = await db
      .select({ track: courseReaders.track })
      .from(courseReaders)
      .where(eq(courseReaders.userId, userId));
    if (row && isCourseTrack(row.track)) return row.track;
  }
  const fromCookie = (await trackCookie().parse(request.headers.get("Cookie"))) as unknown;
  return isCourseTrack(fromCookie) ? fromCookie : DEFAULT_COURSE_TRACK;
}

/** Keeps the choice (in the account when signed in) and returns the cookie that keeps it too. */
export async function saveTrack(db: Database, userId: string | null, track: CourseTrack): Promise<string> {
  if (userId) {
    await db
      .insert(courseReaders)
      .values({ userId, track })
      .onConflictDoUpdate({ target: courseReaders.userId, set: { track, updatedAt: sql`now()` } });
  }
  return trackCookie().serialize(track);
}

/** The picker's posted track, or a 400 with the reason (nothing is changed). */
export async function readTrackChoice(request: Request): Promise<CourseTrack> {
  const form = CourseTrackFormSchema.safeParse(await readForm(request));
  if (form.success) return form.data.track;
  throw data(
    {
      ok: false,
      title: "Nothing was changed",
      message: form.error.issues[0]?.message ?? "Please use the picker on this page.",
    } satisfies FormResult,
    { status: 400 },
  );
}
