import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseDocument } from "yaml";
import type { z } from "zod";
import { TOTAL_PAGES } from "~/course/course-map";
import { sequenceProblems } from "./library-coverage";
import { personalNameProblems, redFlagConsistencyProblems, scenarioProblems } from "./practice-scenario-checks";
import {
  difficultyFor,
  practiceScenarioSchema,
  type AgeBand,
  type Channel,
  type DifficultyLevel,
  type PracticeScenario,
  type ScenarioLanguage,
} from "./practice-scenario-schema";

/**
 * The practice library: every scenario in content/practice/*.md, checked once and then held in
 * memory. A single malformed file stops the build (scripts/check-content.ts) and the
 * server start (serverRuntime.start), with the file name and the reason for every problem.
 * The files are read with fs rather than bundled by Vite: the MDX plugin claims every `.md`
 * import, and reading them at start is what lets the start check what will really be served.
 */

export const PRACTICE_DIRECTORY = "content/practice";
/** Spanish scenarios (issue #39) live in this folder of the practice directory. */
export const SPANISH_FOLDER = "es";
export const COURSE_PAGES_DIRECTORY = "content/course/scam-free";

export interface PracticeSource {
  /** Shown in error messages, e.g. "content/practice/sms-parcel-fee.md". */
  file: string;
  text: string;
}

export class PracticeLibraryError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `The practice library has ${problems.length} problem${problems.length === 1 ? "" : "s"}:\n${problems.map((p) => `  ${p}`).join("\n")}`,
    );
    this.name = "PracticeLibraryError";
  }
}

export interface ScenarioQuery {
  channel: Channel;
  ageBand: AgeBand;
  /** NIST Phish Scale level for that age band; any level when left out. */
  level?: DifficultyLevel;
  /** Scenarios this person has already received. */
  excludeIds?: Iterable<string>;
  /** The person's language; English when left out. */
  language?: ScenarioLanguage;
}

export interface PracticeLibrary {
  /** Every scenario, in every language; sorted by id. */
  scenarios: readonly PracticeScenario[];
  byId(id: string): PracticeScenario | undefined;
  /** The scenarios written in one language, the only ones a person reading it is sent; sorted by id. */
  scenariosIn(language: ScenarioLanguage): PracticeScenario[];
  /** Scenarios that suit this channel, age band and language (and level), minus the excluded ids; sorted by id. */
  scenariosFor(query: ScenarioQuery): PracticeScenario[];
}

const FRONT_MATTER = /^---[ \t]*\n([\s\S]*?)\n---[ \t]*(?:\n|$)([\s\S]*)$/;

function describeIssue(issue: z.core.$ZodIssue): string {
  const [first, index, ...rest] = issue.path;
  const item =
    typeof index === "number" ? ({ redFlags: "red flag", sources: "source" } as const)[first as string] : undefined;
  const prefix = item ? `${item} ${(index as number) + 1}: ` : "";
  const where = (item ? rest : issue.path).join(".");
  if (issue.code === "unrecognized_keys") {
    return `${prefix}unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `"${where ? `${where}.` : ""}${k}"`).join(", ")}`;
  }
  return `${prefix}${issue.message}`;
}

/** One file to a scenario, or the reasons it is not one (without the file name). */
export function parseScenarioSource(
  text: string,
): { scenario: PracticeScenario; problems: [] } | { scenario: null; problems: string[] } {
  const match = FRONT_MATTER.exec(text.replace(/\r\n?/g, "\n"));
  if (!match) return { scenario: null, problems: ["the file must start with YAML front matter between two --- lines"] };
  const document = parseDocument(match[1], { uniqueKeys: true });
  if (document.errors.length) {
    return {
      scenario: null,
      problems: [`the front matter is not valid YAML: ${document.errors[0].message.split("\n")[0]}`],
    };
  }
  const frontMatter: unknown = document.toJS();
  if (typeof frontMatter !== "object" || frontMatter === null || Array.isArray(frontMatter)) {
    return { scenario: null, problems: ["the front matter must be a set of fields (id, channel, title, ...)"] };
  }
  if ("body" in frontMatter)
    return {
      scenario: null,
      problems: [`"body" is not a front matter field: the body is the text after the second ---`],
    };
  const parsed = practiceScenarioSchema.safeParse({ ...frontMatter, body: match[2] });
  if (!parsed.success) return { scenario: null, problems: parsed.error.issues.map(describeIssue) };
  const problems = scenarioProblems(parsed.data);
  return problems.length ? { scenario: null, problems } : { scenario: parsed.data, problems: [] };
}

export interface LibraryContext {
  /** Course page numbers that exist (content/course/scam-free/NN-*.mdx). */
  coursePages: ReadonlySet<number>;
  /** First and family names of the invented cast (content/CAST.md), which a story may mention. */
  castNames?: ReadonlySet<string>;
}

/** Checks every source and builds the library, or throws PracticeLibraryError listing every problem. */
export function buildPracticeLibrary(sources: PracticeSource[], context: LibraryContext): PracticeLibrary {
  const problems: string[] = [];
  const scenarios: PracticeScenario[] = [];
  const checked: { file: string; scenario: PracticeScenario }[] = [];
  const fileById = new Map<string, string>();
  for (const source of sources) {
    const report = (reason: string) => problems.push(`${source.file}: ${reason}`);
    const { scenario, problems: fileProblems } = parseScenarioSource(source.text);
    fileProblems.forEach(report);
    if (!scenario) continue;
    const fileId = path.basename(source.file).replace(/\.md$/, "");
    if (scenario.id !== fileId) report(`id "${scenario.id}" must equal the file name "${fileId}"`);
    languageProblems(source.file, scenario).forEach(report);
    const earlier = fileById.get(scenario.id);
    if (earlier) report(`duplicate id "${scenario.id}" (also used by ${earlier})`);
    else fileById.set(scenario.id, source.file);
    personalNameProblems(scenario, context.castNames ?? new Set()).forEach(report);
    scenario.redFlags.forEach((redFlag, index) => {
      if (!context.coursePages.has(redFlag.coursePage)) {
        report(
          `red flag ${index + 1} coursePage ${redFlag.coursePage} is not a page of the course (content/course/scam-free/)`,
        );
      }
    });
    scenarios.push(scenario);
    checked.push({ file: source.file, scenario });
  }
  // Across files: the same kind of part is a red flag in every message or in none.
  problems.push(...redFlagConsistencyProblems(checked));
  // Across files: the steps of a scam told over several messages fit together.
  problems.push(...sequenceProblems(scenarios));
  if (problems.length) throw new PracticeLibraryError(problems);
  return createLibrary(scenarios);
}

/**
 * A Spanish scenario lives in content/practice/es/ and its id says so (`sms-es-…`), so a file
 * cannot land in the wrong language's library and an id alone tells the language apart.
 */
function languageProblems(file: string, scenario: PracticeScenario): string[] {
  const inSpanishFolder = path.basename(path.dirname(file)) === SPANISH_FOLDER;
  const prefix = scenario.language === "es" ? `${scenario.channel}-es-` : `${scenario.channel}-`;
  const problems: string[] = [];
  if (inSpanishFolder && scenario.language !== "es") {
    problems.push(`a scenario in ${PRACTICE_DIRECTORY}/${SPANISH_FOLDER}/ says "language: es"`);
  }
  if (!inSpanishFolder && scenario.language === "es") {
    problems.push(`a Spanish scenario ("language: es") belongs in ${PRACTICE_DIRECTORY}/${SPANISH_FOLDER}/`);
  }
  if (!scenario.id.startsWith(prefix)) problems.push(`id "${scenario.id}" must start with "${prefix}"`);
  else if (scenario.language === "en" && scenario.id.startsWith(`${scenario.channel}-es-`)) {
    problems.push(
      `id "${scenario.id}" starts like a Spanish scenario's; an English one must not start with "${scenario.channel}-es-"`,
    );
  }
  return problems;
}

function createLibrary(list: PracticeScenario[]): PracticeLibrary {
  const scenarios = [...list].sort((a, b) => a.id.localeCompare(b.id));
  const byId = new Map(scenarios.map((scenario) => [scenario.id, scenario]));
  const byLanguage = (language: ScenarioLanguage) => scenarios.filter((scenario) => scenario.language === language);
  return {
    scenarios,
    byId: (id) => byId.get(id),
    scenariosIn: byLanguage,
    scenariosFor({ channel, ageBand, level, excludeIds = [], language = "en" }) {
      const excluded = new Set(excludeIds);
      return scenarios.filter((scenario) => {
        if (scenario.language !== language) return false;
        if (scenario.channel !== channel || excluded.has(scenario.id)) return false;
        const bandLevel = difficultyFor(scenario, ageBand);
        return bandLevel !== undefined && (level === undefined || bandLevel === level);
      });
    },
  };
}

/** A path for messages: relative to the project when inside it ("content/practice/x.md"). */
function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith("..") || path.isAbsolute(relative) ? file : relative.split(path.sep).join("/");
}

function coursePagesIn(directory: string): Set<number> {
  const pages = readdirSync(directory)
    .map((name) => /^(\d+)-.+\.mdx$/.exec(name)?.[1])
    .filter((page): page is string => page !== undefined)
    .map(Number)
    .filter((page) => page >= 1 && page <= TOTAL_PAGES);
  return new Set(pages);
}

/** Reads and checks a directory of scenarios (the build check and the tests use this). */
export function loadPracticeLibrary(
  directory: string = PRACTICE_DIRECTORY,
  courseDirectory: string = COURSE_PAGES_DIRECTORY,
): PracticeLibrary {
  const spanish = path.join(directory, SPANISH_FOLDER);
  const sources = [...scenarioFilesIn(directory), ...(existsSync(spanish) ? scenarioFilesIn(spanish) : [])].map(
    (file) => ({ file: displayPath(path.resolve(file)), text: readFileSync(file, "utf8") }),
  );
  return buildPracticeLibrary(sources, {
    coursePages: coursePagesIn(courseDirectory),
    castNames: castNamesIn(CAST_FILE),
  });
}

function scenarioFilesIn(directory: string): string[] {
  return readdirSync(directory)
    .filter((name) => name.endsWith(".md") && name !== "README.md")
    .sort()
    .map((name) => path.join(directory, name));
}

export const CAST_FILE = "content/CAST.md";

/** Every word of every bold name in the cast file: "**Grandma Rose**" gives Grandma and Rose. */
export function castNamesIn(file: string): Set<string> {
  const text = readFileSync(file, "utf8");
  return new Set([...text.matchAll(/\*\*([^*]+)\*\*/g)].flatMap((match) => match[1].split(/\s+/)));
}

let current: PracticeLibrary | undefined;

/**
 * The library the running site uses, read from content/practice/ under the working directory (the
 * same root server.ts serves the build from). serverRuntime.start() calls it first, so a
 * malformed scenario stops the start with the same message as the build check.
 */
export function practiceLibrary(): PracticeLibrary {
  current ??= loadPracticeLibrary();
  return current;
}
