import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { COURSE_TRACKS, type CourseTrack } from "./course-tracks";

/**
 * The course's page files for every track, read with fs so that the content check (plain tsx, no
 * Vite) can measure them: the Adults track is content/course/scam-free/NN-slug.mdx, the others
 * content/course/tracks/<track>/NN-slug.mdx with the same page numbers.
 */
export const ADULT_PAGES_DIRECTORY = "content/course/scam-free";
export const TRACK_PAGES_DIRECTORY = "content/course/tracks";

export type CourseTrackFile = { path: string; track: CourseTrack; page: number; source: string };

export function trackDirectory(track: CourseTrack, root = TRACK_PAGES_DIRECTORY): string {
  return track === "adults" ? ADULT_PAGES_DIRECTORY : path.join(root, track);
}

export function courseTrackFiles(root = TRACK_PAGES_DIRECTORY): CourseTrackFile[] {
  return COURSE_TRACKS.flatMap((track) => {
    const directory = trackDirectory(track, root);
    let names: string[];
    try {
      names = readdirSync(directory);
    } catch {
      return [];
    }
    return names
      .map((name) => ({ name, page: /^(\d{2})-[a-z0-9-]+\.mdx$/.exec(name)?.[1] }))
      .filter((file): file is { name: string; page: string } => file.page !== undefined)
      .map(({ name, page }) => {
        const filePath = path.join(directory, name);
        return { path: filePath, track, page: Number(page), source: readFileSync(filePath, "utf8") };
      });
  });
}

/**
 * A track page's front matter. `elsewhere` marks a page whose subject is not for this track's
 * readers (credit freezes for Kids): its body is one kind sentence and the reader is offered that
 * page instead.
 */
export const trackPageFrontMatterSchema = z
  .object({
    title: z.string().min(3).max(90),
    description: z.string().min(20).max(160),
    page: z.number().int().min(1),
    track: z.enum(COURSE_TRACKS),
    elsewhere: z.number().int().min(1).optional(),
  })
  .strict();

export function frontMatterOf(source: string): unknown {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(source);
  return match ? parseYaml(match[1]) : undefined;
}
