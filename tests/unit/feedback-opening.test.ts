import { translatorFor } from "~/i18n/translate";
import { describe, expect, it } from "vitest";
import { feedbackOpening } from "~/training/tracking/feedback-opening";

/** The feedback page's first words for each thing a person can do, in both voices (issue #35). */
const VOICES = [
  ["friendly (child or teen)", true],
  ["adult", false],
] as const;

describe("the practice feedback page's opening words", () => {
  describe.each(VOICES)("in the %s voice", (_voice, friendly) => {
    it("after a fall (the button was pressed): kind, no blame, and nothing happened", () => {
      const { heading, intro } = feedbackOpening("clicked", friendly, 4);
      expect(heading).toBe("It was practice, and nothing happened. Here is what could have given it away");
      expect(intro).toMatch(/^You pressed the button on the practice page/);
      expect(`${heading} ${intro}`).not.toMatch(/great job|well done|well spotted|you spotted|should have|careless/i);
      expect(intro).toContain(friendly ? "4 clues" : "4 red flags");
    });

    it("after 'I spotted it': praise for spotting it", () => {
      const { heading, intro } = feedbackOpening("spotted", friendly, 3);
      expect(heading).toBe(
        friendly ? "You spotted it! Here is what gave it away" : "You spotted it. Here is what gave it away",
      );
      expect(intro).toMatch(/^Well done/);
      expect(intro).toContain(friendly ? "3 clues" : "3 red flags");
      expect(`${heading} ${intro}`).not.toMatch(/pressed|nothing happened/i);
    });

    it("after a report (forwarded, or answered SCAM): 'Well spotted'", () => {
      const { heading, intro } = feedbackOpening("reported", friendly, 5);
      expect(heading).toBe(
        friendly
          ? "Well spotted: you reported it! Here is what gave it away"
          : "Well spotted: you reported it. Here is what gave it away",
      );
      expect(intro).toMatch(/^Report/);
      expect(intro).toContain(friendly ? "5 clues" : "5 red flags");
      expect(`${heading} ${intro}`).not.toMatch(/pressed|nothing happened/i);
    });

    it("with nothing recorded yet (opened from the weekly summary): what to look for, no praise and no blame", () => {
      const { heading, intro } = feedbackOpening(null, friendly, 1);
      expect(heading).toBe("Here is what to look for");
      expect(intro).toContain(friendly ? "1 clue that it was a scam" : "1 red flag.");
      expect(`${heading} ${intro}`).not.toMatch(/great job|well done|well spotted|pressed/i);
    });
  });

  it("never opens with the old 'Great job checking!', whatever the person did", () => {
    for (const outcome of ["clicked", "spotted", "reported", null] as const) {
      for (const [, friendly] of VOICES) expect(feedbackOpening(outcome, friendly, 2).heading).not.toMatch(/Great job/);
    }
  });
});

describe("the opening words in Spanish (issue #39)", () => {
  const es = translatorFor("es");

  it("says ¡Bien visto! after a report, in 'tú' to the young and 'usted' to adults, plurals included", () => {
    expect(feedbackOpening("reported", true, 3, es)).toEqual({
      heading: "¡Bien visto: la reportaste! Esto es lo que la delató",
      intro:
        "Reportarla es justo lo que había que hacer, detective. Aquí están sus 3 pistas, para que las reconozcas siempre.",
    });
    expect(feedbackOpening("reported", false, 1, es).intro).toBe(
      "Reportar un mensaje así es exactamente el hábito correcto. Aquí está su señal de alerta, para que la conozca bien.",
    );
  });

  it("never praises after a fall, in Spanish either", () => {
    const { heading, intro } = feedbackOpening("clicked", false, 4, es);
    expect(heading).toBe("Era una práctica y no pasó nada. Esto es lo que podía delatarla");
    expect(intro).toContain("Estas son sus 4 señales de alerta.");
    expect(`${heading} ${intro}`).not.toMatch(/bien visto|muy bien/i);
  });
});
