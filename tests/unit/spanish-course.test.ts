import { describe, expect, it } from "vitest";
import { checkSpanishCourse, spanishCourseFiles, type SpanishCourseFile } from "~/course/spanish/spanish-course-checks";
import { SPANISH_COURSE_PAGES } from "~/i18n/spanish-course-pages";
import { spanishReadingLevelOf, spanishSyllables } from "~/course/spanish/spanish-reading-level";
import { COURSE_TRACKS } from "~/course/tracks/course-tracks";

/**
 * The course's Spanish edition (issue #39): its pages in every track, each the same page as its
 * English one and within its track's Spanish reading budget, measured by Spanish syllables.
 */

describe("Spanish syllables and the INFLESZ reading score", () => {
  it("counts syllables by Spanish spelling: diphthongs, hiatus, silent u, final y", () => {
    const cases: Record<string, number> = {
      estafa: 3,
      cuidado: 3, // cui-da-do: a diphthong
      leer: 2, // le-er: two strong vowels
      día: 2, // dí-a: an accented weak vowel
      aeropuerto: 5,
      que: 1, // the u is silent
      guitarra: 3,
      hoy: 1,
      y: 1,
      contraseña: 4,
      averigüé: 4,
    };
    for (const [word, syllables] of Object.entries(cases)) expect(spanishSyllables(word), word).toBe(syllables);
  });

  it("scores short everyday sentences as easy and long learned ones as hard", () => {
    const easy = spanishReadingLevelOf("Un mensaje pide dinero. No lo pagues. Habla con un adulto.");
    const hard = spanishReadingLevelOf(
      "La ingeniería social aprovecha sistemáticamente vulnerabilidades psicológicas, emocionales e institucionales mediante comunicaciones fraudulentas extraordinariamente verosímiles que imitan organizaciones gubernamentales.",
    );
    expect(easy.inflesz).toBeGreaterThan(80);
    expect(easy.wordsPerSentence).toBeLessThan(5);
    expect(hard.inflesz).toBeLessThan(40);
  });
});

describe("the Spanish course pages", () => {
  it("are all written, in every track, and pass their checks", () => {
    const files = spanishCourseFiles();
    expect(files).toHaveLength(SPANISH_COURSE_PAGES.length * COURSE_TRACKS.length);
    const check = checkSpanishCourse(files);
    expect(check.problems).toEqual([]);
  });

  it("finds a page that links to English unmarked, changes a self-check answer or reads too hard", () => {
    const original = spanishCourseFiles().find((file) => file.track === "kids" && file.page === 15)!;
    const broken: SpanishCourseFile = {
      ...original,
      source: original.source
        .replace("answer: 1,", "answer: 0,")
        .concat(
          "\nLa ingeniería social aprovecha sistemáticamente vulnerabilidades psicológicas institucionales extraordinariamente complicadas, según [la página veinte](/course/scam-free/20) y [la quince](/course/scam-free/15).\n",
        ),
    };
    const problems = checkSpanishCourse([broken], ["kids"]).problems.filter((problem) =>
      problem.startsWith(original.path),
    );
    expect(problems.join("\n")).toMatch(/self-check answers/);
    expect(problems.join("\n")).toMatch(/\/course\/scam-free\/20 in English without "\(en inglés\)"/);
    expect(problems.join("\n")).toMatch(/its Spanish edition is \/es\/course\/scam-free\/15/);
  });

  it("finds a page missing from a track", () => {
    const files = spanishCourseFiles().filter((file) => !(file.track === "teens" && file.page === 3));
    expect(checkSpanishCourse(files, ["teens"]).problems).toContain("page 3 has no Spanish teens version");
  });
});
