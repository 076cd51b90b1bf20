import { describe, expect, it } from "vitest";
import { cacheTarget } from "../../http/cacheable-pages";
import { readLanguageChoice, returnPath } from "~/i18n/language-choice.server";
import {
  editionsOf,
  englishPathOf,
  languageVariant,
  localeOfPath,
  pathInLocale,
  prefersSpanish,
  suggestedEdition,
} from "~/i18n/locales";

/**
 * The editions (app/i18n/locales.ts, issue 39): the language of an address, a page's other
 * edition, the line that offers it (never a redirect), and the page cache keyed on that line.
 */

describe("the language of an address", () => {
  it("is Spanish under /es and English elsewhere", () => {
    expect(localeOfPath("/es")).toBe("es");
    expect(localeOfPath("/es/check")).toBe("es");
    expect(localeOfPath("/estate")).toBe("en");
    expect(localeOfPath("/check")).toBe("en");
    expect(englishPathOf("/es")).toBe("/");
    expect(englishPathOf("/es/check")).toBe("/check");
  });

  it("finds a page's Spanish edition, or keeps an English-only page in English", () => {
    expect(editionsOf("/")).toEqual({ en: "/", es: "/es" });
    expect(editionsOf("/es/check")).toEqual({ en: "/check", es: "/es/check" });
    expect(editionsOf("/red-flags/deadlines")).toEqual({ en: "/red-flags/deadlines", es: "/es/red-flags/deadlines" });
    expect(editionsOf("/support")).toBeNull();
    // The legal pages, and the course pages written in Spanish (1–10, 14–19), have both editions.
    expect(editionsOf("/es/terms")).toEqual({ en: "/terms", es: "/es/terms" });
    expect(editionsOf("/course/scam-free/15")).toEqual({ en: "/course/scam-free/15", es: "/es/course/scam-free/15" });
    expect(editionsOf("/course/scam-free/20")).toBeNull();
    expect(editionsOf("/course/scam-free")).toBeNull();
    expect(pathInLocale("/check", "es")).toBe("/es/check");
    expect(pathInLocale("/pricing", "es")).toBe("/es/pricing");
    expect(pathInLocale("/support", "es")).toBe("/support");
    expect(pathInLocale("/es/check", "en")).toBe("/check");
  });
});

describe("Accept-Language", () => {
  it("puts Spanish first only when Spanish outranks English", () => {
    expect(prefersSpanish("es-US,es;q=0.9,en;q=0.5")).toBe(true);
    expect(prefersSpanish("es-MX")).toBe(true);
    expect(prefersSpanish("en-US,en;q=0.9,es;q=0.8")).toBe(false);
    expect(prefersSpanish("en;q=0.4, es;q=0.8")).toBe(true);
    expect(prefersSpanish("fr-FR,es;q=0.5")).toBe(true);
    expect(prefersSpanish("es;q=0")).toBe(false);
    expect(prefersSpanish(undefined)).toBe(false);
    expect(prefersSpanish("garbage;;;")).toBe(false);
  });

  it("only suggests: an English page offers Spanish, a Spanish page offers English only to who chose it", () => {
    expect(suggestedEdition("/", "es-US")).toEqual({ locale: "es", path: "/es" });
    expect(suggestedEdition("/", "en-US")).toBeNull();
    expect(suggestedEdition("/support", "es-US")).toBeNull();
    expect(suggestedEdition("/", "en-US", { chosen: "es" })).toEqual({ locale: "es", path: "/es" });
    expect(suggestedEdition("/", "es-US", { chosen: "en" })).toBeNull();
    expect(suggestedEdition("/", "es-US", { dismissed: true })).toBeNull();
    expect(suggestedEdition("/es/check", "en-US")).toBeNull();
    expect(suggestedEdition("/es/check", "en-US", { chosen: "en" })).toEqual({ locale: "en", path: "/check" });
  });
});

describe("the language cookie and the switch", () => {
  const withCookie = (cookie: string) => new Request("http://localhost/", { headers: { cookie } });

  it("reads the choice and the dismissed line, ignoring anything else", () => {
    expect(readLanguageChoice(withCookie("scam-free-lang=es; other=1"))).toEqual({ chosen: "es" });
    expect(readLanguageChoice(withCookie("scam-free-lang=fr; scam-free-lang-line=off"))).toEqual({ dismissed: true });
    expect(readLanguageChoice(new Request("http://localhost/"))).toEqual({});
  });

  it("goes back only to a page on this site, in the language asked for", () => {
    expect(returnPath("/check", "es")).toBe("/es/check");
    expect(returnPath("/es/check", "en")).toBe("/check");
    expect(returnPath("/pricing", "es")).toBe("/es/pricing");
    expect(returnPath("/support?topic=billing", "es")).toBe("/es");
    expect(returnPath("/support?topic=billing", "en")).toBe("/support?topic=billing");
    expect(returnPath("//evil.example/", "es")).toBe("/es");
    expect(returnPath("https://evil.example/", "en")).toBe("/");
    expect(returnPath("/\\evil.example", "en")).toBe("/");
    expect(returnPath(null, "es")).toBe("/es");
  });
});

describe("the page cache and the language line", () => {
  const variantOf = (acceptLanguage: string) => (page: string) => languageVariant(page, acceptLanguage);

  it("keys a page with a Spanish edition on the line it offers, and says it varies", () => {
    expect(cacheTarget("/", "", undefined, variantOf("es-US"))).toMatchObject({
      key: "html / [offers es]",
      variesByLanguage: true,
    });
    expect(cacheTarget("/", "", undefined, variantOf("en-US"))).toMatchObject({
      key: "html /",
      variesByLanguage: true,
    });
    expect(cacheTarget("/_root.data", "", undefined, variantOf("es"))).toMatchObject({ key: "data / [offers es]" });
    expect(cacheTarget("/es", "", undefined, variantOf("en-US"))).toMatchObject({
      key: "html /es",
      variesByLanguage: true,
    });
  });

  it("leaves pages with one edition alone, and renders a visitor with a language cookie afresh", () => {
    expect(cacheTarget("/community", "", undefined, variantOf("es-US"))).toMatchObject({
      key: "html /community",
      variesByLanguage: false,
    });
    expect(cacheTarget("/", "", "scam-free-lang=es", variantOf("es-US"))).toBeNull();
  });
});
