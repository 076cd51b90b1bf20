import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { spanishLibraryCoverageProblems, libraryCoverageProblems } from "~/training/library/library-coverage";
import {
  buildPracticeLibrary,
  loadPracticeLibrary,
  PracticeLibraryError,
} from "~/training/library/practice-library.server";
import { AGE_BANDS } from "~/family/age-bands";
import { choosePracticeMessage } from "~/training/library/scenario-choice";
import { otherVoiceWord, spainWords } from "~/training/library/us-spanish";

/**
 * The Spanish practice library (content/practice/es/, issue #39): its own targets, checked like the
 * English one but in US Spanish and one voice, and only ever chosen for a person who reads Spanish.
 */

const library = loadPracticeLibrary();
const spanish = library.scenariosIn("es");
const english = library.scenariosIn("en");

const COURSE_PAGES = new Set(Array.from({ length: 43 }, (_, index) => index + 1));

/** Problems of one file as the build would report them, or [] when it is accepted. */
function problemsOf(file: string, text: string): string[] {
  try {
    buildPracticeLibrary([{ file, text }], { coursePages: COURSE_PAGES });
    return [];
  } catch (error) {
    if (error instanceof PracticeLibraryError) return error.problems;
    throw error;
  }
}

const CHILD_FILE = "content/practice/es/email-es-nino-concurso-dibujo-bici.md";
const childText = readFileSync(CHILD_FILE, "utf8");
const ADULT_FILE = "content/practice/es/email-es-notario-permiso-rapido.md";
const adultText = readFileSync(ADULT_FILE, "utf8");

describe("the Spanish practice library", () => {
  it("meets its own targets: 60 scenarios, 20 texts, every band at every level, the kinds that reach Spanish speakers", () => {
    expect(spanish.length).toBeGreaterThanOrEqual(60);
    expect(spanish.filter((scenario) => scenario.channel === "sms").length).toBeGreaterThanOrEqual(20);
    expect(spanishLibraryCoverageProblems(spanish)).toEqual([]);
    for (const band of AGE_BANDS) {
      expect(spanish.filter((scenario) => scenario.ageBands.includes(band)).length, band).toBeGreaterThanOrEqual(12);
    }
  });

  it("is kept apart from the English one: each scenario says its language, in its own folder, with its own ids", () => {
    expect(spanish.every((scenario) => scenario.language === "es" && /^(email|sms)-es-/.test(scenario.id))).toBe(true);
    expect(english.some((scenario) => scenario.language !== "en")).toBe(false);
    expect(english.length + spanish.length).toBe(library.scenarios.length);
    // The English library's own targets are counted on English scenarios only.
    expect(libraryCoverageProblems(english)).toEqual([]);
  });

  it("a Spanish file as it is passes, in its folder; outside it, or with an English id, it does not", () => {
    expect(problemsOf(CHILD_FILE, childText)).toEqual([]);
    expect(problemsOf("content/practice/email-es-nino-concurso-dibujo-bici.md", childText)).toContainEqual(
      expect.stringContaining("belongs in content/practice/es/"),
    );
    const englishId = childText.replaceAll("email-es-nino-concurso-dibujo-bici", "email-nino-concurso-dibujo-bici");
    expect(problemsOf("content/practice/es/email-nino-concurso-dibujo-bici.md", englishId)).toContainEqual(
      expect.stringContaining('id "email-nino-concurso-dibujo-bici" must start with "email-es-"'),
    );
    const noLanguage = childText.replace("language: es\n", "");
    expect(problemsOf(CHILD_FILE, noLanguage)).toContainEqual(expect.stringContaining('says "language: es"'));
  });

  it("refuses Spain's words: móvil, ordenador, euros, vosotros", () => {
    const spainBody = childText.replace(
      "La bicicleta ya esta lista en nuestra bodega.",
      "Mira tu móvil o tu ordenador: vale 300 euros y os la mandamos.",
    );
    const problems = problemsOf(CHILD_FILE, spainBody);
    expect(problems.join("\n")).toMatch(/body is not US Spanish: "móvil" \(use celular\), "ordenador"/);
    expect(problems.join("\n")).toContain('"euros" (use dólares)');
    expect(problems.join("\n")).toContain('"os" (use les)');
    expect(spainWords("Tenéis que pagar hoy")).toEqual(['"Tenéis" (use the form for ustedes)']);
    expect(spainWords("Llámenos a su celular; le damos seis días")).toEqual([]);
  });

  it("keeps one voice: 'tú' to children, 'usted' to adults, never a scenario for both", () => {
    const childWithUsted = childText.replace(
      "Enséñale el mensaje a un adulto de confianza.",
      "Usted debe enseñar el mensaje a un adulto.",
    );
    expect(problemsOf(CHILD_FILE, childWithUsted)).toContainEqual(
      expect.stringContaining('nextTime says "Usted", but speaks to children and teenagers as "tú"'),
    );
    const adultWithTu = adultText.replace(/nextTime: >-\n/, "nextTime: >-\n  Si tú dudas, pregunta primero.\n");
    expect(problemsOf(ADULT_FILE, adultWithTu)).toContainEqual(
      expect.stringContaining('says "tú", but speaks to adults'),
    );
    const mixed = childText
      .replace("ageBands: [child]", "ageBands: [child, adult]")
      .replace("    child: medium", "    child: medium\n    adult: low");
    expect(problemsOf(CHILD_FILE, mixed)).toContainEqual(expect.stringContaining("not both: split it in two"));
    // The message's own words, in quotation marks, are not our voice.
    expect(otherVoiceWord('El mensaje dice "tu cuenta será cerrada" para asustarle.', "usted")).toBeNull();
  });

  it("keeps children's Spanish scenarios gentle", () => {
    const scary = childText.replace("Tu premio es una bicicleta nueva", "Si no pagas, la policía irá a tu casa");
    expect(problemsOf(CHILD_FILE, scary).join("\n")).toContain("a child scenario must not be frightening");
  });
});

describe("a person gets practice messages in the language they read", () => {
  const base = {
    scenarios: library.scenarios,
    level: 2 as const,
    channels: ["email", "sms"] as const,
    history: [],
    now: new Date("2026-12-07T15:00:00Z"),
  };

  it.each(AGE_BANDS)(
    "a %s who reads Spanish gets a Spanish scenario, one who reads English an English one",
    (ageBand) => {
      for (let seed = 0; seed < 20; seed++) {
        const random = () => ((seed * 9301 + 49297) % 233280) / 233280;
        const inSpanish = choosePracticeMessage({ ...base, ageBand, language: "es", random });
        const inEnglish = choosePracticeMessage({ ...base, ageBand, random });
        expect(inSpanish?.scenario.language).toBe("es");
        expect(inEnglish?.scenario.language).toBe("en");
      }
    },
  );

  it("never falls back to the other language: with no Spanish scenario left, nothing is chosen", () => {
    const onlyEnglish = { ...base, scenarios: english, ageBand: "older-adult" as const };
    expect(choosePracticeMessage({ ...onlyEnglish, language: "es" })).toBeNull();
  });
});
