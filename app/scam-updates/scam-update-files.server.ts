import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseDocument } from "yaml";
import type { z } from "zod";
import {
  scamUpdateBodyProblems,
  scamUpdateFrontMatterSchema,
  slugProblems,
  type ScamUpdateFrontMatter,
} from "./scam-update-schema";

/**
 * Reads and checks the scam update files themselves (content/updates/*.mdx): `npm run build`
 * (scripts/check-scam-updates.ts) and the unit tests use this, so a malformed update stops the
 * build with the file name and every reason. The site serves the same files compiled into the
 * bundle (scam-updates.server.tsx), whose front matter is checked again at start.
 */

export const SCAM_UPDATES_DIRECTORY = "content/updates";

export class ScamUpdatesError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `The scam updates have ${problems.length} problem${problems.length === 1 ? "" : "s"}:\n${problems.map((p) => `  ${p}`).join("\n")}`,
    );
    this.name = "ScamUpdatesError";
  }
}

export interface ScamUpdateFile extends ScamUpdateFrontMatter {
  slug: string;
  /** Shown in messages: "content/updates/2026-11-20-toll-road-texts.mdx". */
  file: string;
  /** The markdown after the front matter. */
  body: string;
}

const FRONT_MATTER = /^---[ \t]*\n([\s\S]*?)\n---[ \t]*(?:\n|$)([\s\S]*)$/;

function describeIssue(issue: z.core.$ZodIssue): string {
  const [first, index] = issue.path;
  const prefix = first === "sources" && typeof index === "number" ? `source ${index + 1}: ` : "";
  if (issue.code === "unrecognized_keys") {
    return `${prefix}unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((key) => `"${key}"`).join(", ")}`;
  }
  return `${prefix}${issue.message}`;
}

/** Front matter (validated with the shared schema) for the bundle, or the reasons it is not valid. */
export function frontMatterProblems(
  value: unknown,
): { frontMatter: ScamUpdateFrontMatter; problems: [] } | { frontMatter: null; problems: string[] } {
  const parsed = scamUpdateFrontMatterSchema.safeParse(value);
  return parsed.success
    ? { frontMatter: parsed.data, problems: [] }
    : { frontMatter: null, problems: parsed.error.issues.map(describeIssue) };
}

/** One file's text to an update, or the reasons it is not one (without the file name). */
export function parseScamUpdateSource(
  slug: string,
  text: string,
): { update: Omit<ScamUpdateFile, "file">; problems: [] } | { update: null; problems: string[] } {
  const match = FRONT_MATTER.exec(text.replace(/\r\n?/g, "\n"));
  if (!match) return { update: null, problems: ["the file must start with YAML front matter between two --- lines"] };
  const document = parseDocument(match[1], { uniqueKeys: true });
  if (document.errors.length) {
    return {
      update: null,
      problems: [`the front matter is not valid YAML: ${document.errors[0].message.split("\n")[0]}`],
    };
  }
  const { frontMatter, problems } = frontMatterProblems(document.toJS());
  const body = match[2];
  const all = [
    ...problems,
    ...scamUpdateBodyProblems(body),
    ...(frontMatter ? slugProblems(slug, frontMatter.published) : []),
  ];
  if (!frontMatter || all.length > 0) return { update: null, problems: all };
  return { update: { ...frontMatter, slug, body }, problems: [] };
}

function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith("..") || path.isAbsolute(relative) ? file : relative.split(path.sep).join("/");
}

/**
 * Every update in the directory, newest first, or ScamUpdatesError listing every problem. A missing
 * directory is no updates (git keeps no empty folders).
 */
export function loadScamUpdateFiles(directory: string = SCAM_UPDATES_DIRECTORY): ScamUpdateFile[] {
  if (!existsSync(directory)) return [];
  const problems: string[] = [];
  const updates: ScamUpdateFile[] = [];
  for (const name of readdirSync(directory).sort()) {
    if (!name.endsWith(".mdx")) continue;
    const file = displayPath(path.resolve(directory, name));
    const result = parseScamUpdateSource(name.replace(/\.mdx$/, ""), readFileSync(path.join(directory, name), "utf8"));
    if (result.update) updates.push({ ...result.update, file });
    else problems.push(...result.problems.map((problem) => `${file}: ${problem}`));
  }
  if (problems.length > 0) throw new ScamUpdatesError(problems);
  return newestFirst(updates);
}

/** Newest published first; on the same day, by file name so the order never changes between runs. */
export function newestFirst<T extends { published: string; slug: string }>(updates: T[]): T[] {
  return [...updates].sort((a, b) => b.published.localeCompare(a.published) || b.slug.localeCompare(a.slug));
}
