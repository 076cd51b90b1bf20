import { z } from "zod";
import { COURSE_TRACKS } from "./course-tracks";

/**
 * "Reading as: Kids · Teens · Adults · Older adults": the picker on the course home page and on
 * every course page is a plain form (course pages ship no React), checked on the server with this.
 */
export const CourseTrackFormSchema = z.object({
  intent: z.literal("track", { error: "Please use the picker on this page." }),
  track: z.enum(COURSE_TRACKS, { error: "Please pick Kids, Teens, Adults or Older adults." }),
});

/** The address a track's page is shared at: `?track=kids` (Adults is the page's own address). */
export function withTrack(path: string, track: string): string {
  return track === "adults" ? path : `${path}?track=${track}`;
}
