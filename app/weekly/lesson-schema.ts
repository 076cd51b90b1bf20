import { z } from "zod";

/**
 * The front matter of a weekly lesson (content/weekly/<published>-<slug>.mdx). The file format is
 * described in content/weekly/README.md; lesson-checks.ts adds the rules about the body.
 */

const isoDay = (field: string) =>
  z
    .string({ error: `"${field}" must be a date like 2026-11-23` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `"${field}" must be a date like 2026-11-23`)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), `"${field}" is not a real date`);

export const sourceSchema = z.strictObject({
  publisher: z.string().trim().min(1, "a source needs its publisher").max(60),
  title: z.string().trim().min(1, "a source needs its title").max(200),
  url: z.url({ protocol: /^https$/, error: "a source's url must be an https address" }),
  date: z
    .string({ error: "a source needs its date" })
    .regex(/^\d{4}-\d{2}(-\d{2})?$/, "a source's date must look like 2024-05 or 2024-05-17"),
});
export type LessonSource = z.infer<typeof sourceSchema>;

export const lessonFrontmatterSchema = z.strictObject({
  title: z.string().trim().min(1, `"title" is empty`).max(120),
  summary: z.string().trim().min(1, `"summary" is empty`).max(200, `"summary" is longer than 200 characters`),
  published: isoDay("published"),
  readingMinutes: z.number().int().min(1).max(30),
  lastReviewed: isoDay("lastReviewed"),
  sources: z
    .array(sourceSchema, {
      error: (issue) => (issue.input === undefined ? `missing field "sources"` : `"sources" must be a list`),
    })
    .min(3, "a lesson needs at least 3 sources")
    .max(6, "a lesson has at most 6 sources"),
});
export type LessonFrontmatter = z.infer<typeof lessonFrontmatterSchema>;
