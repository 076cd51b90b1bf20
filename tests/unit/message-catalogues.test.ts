import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { SIGN_IDS } from "~/checker/check-message";
import { SIGN_WORDS_ES } from "~/checker/sign-words-es";
import { en } from "~/i18n/messages/en";
import { es } from "~/i18n/messages/es";
import { translate, translatorFor } from "~/i18n/translate";

/**
 * The message catalogues (app/i18n/messages): every key in both languages, each message valid ICU
 * with the same placeholders and tags in both, every key used by the code, and the checker's signs
 * worded in Spanish too (issue 39).
 */

const APP = path.resolve(import.meta.dirname, "../../app");

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx)$/.test(name) ? [file] : [];
  });
}

/** The names a message takes: its arguments ({count}) and its tags (<link>), as "arg:count", "tag:link". */
function namesIn(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.argument || element.type === TYPE.number || element.type === TYPE.date)
      into.add(`arg:${element.value}`);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      into.add(`arg:${element.value}`);
      for (const option of Object.values(element.options)) namesIn(option.value, into);
    }
    if (element.type === TYPE.tag) {
      into.add(`tag:${element.value}`);
      namesIn(element.children, into);
    }
  }
  return into;
}

describe("the message catalogues", () => {
  it("have the same keys in English and Spanish, none of them empty", () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    for (const [key, message] of [...Object.entries(en), ...Object.entries(es)]) {
      expect(message.trim(), key).not.toBe("");
    }
  });

  it("hold valid ICU messages, with the same arguments and tags in both languages", () => {
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      const english = namesIn(parse(en[key]));
      const spanish = namesIn(parse(es[key]));
      expect([...spanish].sort(), key).toEqual([...english].sort());
    }
  });

  it("use every key somewhere in the app, written out whole", () => {
    const code = sourceFiles(APP)
      .filter((file) => !file.includes(`${path.sep}i18n${path.sep}messages${path.sep}`))
      .map((file) => readFileSync(file, "utf8"))
      .join("\n");
    const unused = Object.keys(en).filter((key) => !code.includes(`"${key}"`));
    expect(unused).toEqual([]);
  });

  it("word plurals and numbers the locale's way", () => {
    expect(translate("en", "answer.warning", { count: 1 })).toMatch(/^1 warning sign\. /);
    expect(translate("en", "answer.warning", { count: 3 })).toMatch(/^3 warning signs\. /);
    expect(translate("es", "answer.warning", { count: 1 })).toMatch(/^1 señal de alerta\. /);
    expect(translate("es", "answer.warning", { count: 3 })).toMatch(/^3 señales de alerta\. /);
    // US Spanish writes thousands with a comma, as US English does.
    expect(translate("es", "check.error.textTooLong", { max: 20_000 })).toContain("20,000");
    expect(translatorFor("es").list(["pague", "llame a un número que le da", "responda"])).toBe(
      "pague, llame a un número que le da y responda",
    );
    expect(translatorFor("en").list(["pay", "reply"])).toBe("pay and reply");
  });

  it("word every warning sign of the checker in Spanish", () => {
    expect(Object.keys(SIGN_WORDS_ES).sort()).toEqual([...SIGN_IDS].sort());
    for (const { title, why } of Object.values(SIGN_WORDS_ES)) {
      expect(title.length).toBeGreaterThan(3);
      expect(why.length).toBeGreaterThan(40);
    }
  });
});
