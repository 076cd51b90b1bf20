import { z } from "zod";
import { TOTAL_PAGES } from "~/course/course-map";
import { RED_FLAG_SLUG } from "~/red-flags/red-flag-paths";
import { AGE_BANDS, type AgeBand } from "~/family/age-bands";
import { PRACTICE_LANGUAGES, type PracticeLanguage } from "~/family/practice-language";
import { LANDING_MARKS } from "./landing-look";

/**
 * One practice scenario (content/practice/<id>.md): the YAML front matter plus the message body.
 * The file format is described in content/practice/README.md. This schema checks the shape of
 * one file; the rules that compare fields with each other or with the rest of the site (quotes in
 * the text, channel rules, safety rules, course pages that exist, unique ids) are in
 * practice-scenario-checks.ts and practice-library.server.ts.
 */

export const CHANNELS = ["email", "sms"] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * The language a scenario is written in (issue #39): English files live in content/practice/,
 * Spanish ones in content/practice/es/ and say `language: es`. A person gets practice messages in
 * their own language only.
 */
export const SCENARIO_LANGUAGES = PRACTICE_LANGUAGES;
export type ScenarioLanguage = PracticeLanguage;

/** Scenarios are written for the family's age groups (app/family/age-bands.ts). */
export { AGE_BANDS, type AgeBand };

export const SCAM_TYPES = [
  "fake-prize",
  "romance",
  "identity-theft",
  "employment",
  "tech-support",
  "family-emergency",
  "phishing-account",
  "phishing-document",
  "phishing-invoice",
  "delivery",
  "bank",
  "tax-refund",
  "gaming-currency",
  "social-media",
  "qr-code",
  "subscription-renewal",
  "toll-road",
  "gift-card-request",
  "government-impersonation",
  "marketplace-overpayment",
  // The kinds that take the most money now (issue #36: FTC Consumer Sentinel and FBI IC3, 2024-25).
  "investment-crypto",
  "disaster-charity",
  "rental-deposit",
  "student-loan",
  "traffic-ticket",
  "sign-in-approval",
  "hacked-friend",
  "benefits-card",
  "jury-duty",
  "utility-shutoff",
  "reshipping-job",
  "fake-check-job",
  // Children's and teenagers' own: trading items in a game, a streamer's "giveaway", a ban threat.
  "skins-trading",
  "streamer-giveaway",
  "account-ban",
] as const;
export type ScamType = (typeof SCAM_TYPES)[number];

/**
 * What the message asks the reader to do or hand over, as the real scam of its kind asks it (the
 * FTC's and IC3's descriptions): a toll text wants a card number on a page, a grandparent scam cash
 * by courier, an investment "mentor" crypto. The library check keeps gift cards to a small share.
 */
export const ASKS = [
  "card-details",
  "bank-login",
  "password",
  "one-time-code",
  "approve-sign-in",
  "personal-details",
  "gift-cards",
  "crypto",
  "wire-transfer",
  "cash-courier",
  "payment-app",
  "fee",
  "deposit-check",
  "reship-parcels",
  "reply",
  "call",
  "install",
  "open-file",
  "nothing-yet",
] as const;

/**
 * The path a scenario's link shows before its token (`/toll/pay`, `/account/verify`, `/claim`):
 * one or two lower-case segments that fit the story. The practice host finds the message by the
 * token alone, so the path is only what the reader sees.
 */
export const LANDING_PATH = /^(?:\/[a-z0-9]+(?:-[a-z0-9]+)*){1,2}$/;
/** Words a link must never show: they would tell the reader what the message is. */
export const GIVEAWAY_LINK_WORDS = /practi[cs]e|training|scam|phish|simulat|drill|\btest/i;

export const PREMISE_ALIGNMENTS = ["low", "medium", "high"] as const;
export type PremiseAlignment = (typeof PREMISE_ALIGNMENTS)[number];

/** Where a red flag's quote is found. `from` is the sender's display name or address. */
export const RED_FLAG_FIELDS = ["subject", "from", "body"] as const;

/** Error for a field that is absent; other errors of that field keep zod's own wording. */
const missing = (field: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `missing field "${field}"` : undefined;

const text = (field: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `missing field "${field}"` : `"${field}" must be text`) })
    .trim()
    .min(1, `"${field}" is empty`)
    .max(max, `"${field}" is longer than ${max} characters`);

export const redFlagSchema = z.strictObject({
  quote: text("quote", 200),
  in: z.enum(RED_FLAG_FIELDS, { error: `"in" must be one of ${RED_FLAG_FIELDS.join(", ")}` }),
  why: text("why", 320),
  coursePage: z
    .number({ error: `"coursePage" must be a course page number from 1 to ${TOTAL_PAGES}` })
    .int(`"coursePage" must be a whole number`)
    .min(1, `"coursePage" must be a course page number from 1 to ${TOTAL_PAGES}`)
    .max(TOTAL_PAGES, `"coursePage" must be a course page number from 1 to ${TOTAL_PAGES}`),
  /**
   * The public red-flag page of its kind (content/red-flags/<page>.md) that "Learn more" opens:
   * named here, not found from the course page, since one course page teaches many kinds.
   */
  page: z
    .string({
      error: (issue) =>
        issue.input === undefined ? `missing field "page" (a red-flag page, such as deadlines)` : `"page" must be text`,
    })
    .regex(RED_FLAG_SLUG, `"page" must be the name of a page in content/red-flags/ without .md, such as deadlines`),
});
export type RedFlag = z.infer<typeof redFlagSchema>;

const premiseAlignment = z.enum(PREMISE_ALIGNMENTS, { error: "premise alignment must be low, medium or high" });

export const practiceScenarioSchema = z.strictObject({
  id: z
    .string({ error: (issue) => (issue.input === undefined ? `missing field "id"` : `"id" must be text`) })
    .regex(/^(email|sms)-[a-z0-9]+(-[a-z0-9]+)*$/, `"id" must be kebab-case and start with "email-" or "sms-"`),
  channel: z.enum(CHANNELS, { error: `"channel" must be email or sms` }),
  language: z.enum(SCENARIO_LANGUAGES, { error: `"language" must be en or es` }).default("en"),
  title: text("title", 80),
  scamType: z.enum(SCAM_TYPES, { error: `"scamType" must be one of ${SCAM_TYPES.join(", ")}` }),
  ageBands: z
    .array(z.enum(AGE_BANDS, { error: `"ageBands" may only hold ${AGE_BANDS.join(", ")}` }), {
      error: missing("ageBands"),
    })
    .min(1, `"ageBands" needs at least one age band`)
    .refine((bands) => new Set(bands).size === bands.length, `"ageBands" lists a band twice`),
  difficulty: z.strictObject(
    {
      cues: z
        .number({ error: `"difficulty.cues" must be a number` })
        .int(`"difficulty.cues" must be a whole number`)
        .min(1, `"difficulty.cues" must be at least 1`)
        .max(60, `"difficulty.cues" must be at most 60`),
      premise: z.partialRecord(
        z.enum(AGE_BANDS, { error: `"difficulty.premise" keys must be age bands` }),
        premiseAlignment,
        {
          error: missing("difficulty.premise"),
        },
      ),
    },
    { error: missing("difficulty") },
  ),
  /**
   * Who the message says it is from. An email leaves as `"name" <address@PRACTICE_MAIL_DOMAIN>`:
   * `address` is only the part before the "@". A text arrives from the Training Program's own
   * number, so it has no address; its `name` names the organisation on the landing page.
   */
  from: z.strictObject(
    {
      name: text("from.name", 60),
      address: text("from.address", 40).optional(),
    },
    { error: missing("from") },
  ),
  subject: text("subject", 120).optional(),
  landing: z.strictObject(
    {
      heading: text("landing.heading", 100),
      button: text("landing.button", 40),
      /** The name at the top of the page; `from.name` when left out (a text "from" a number needs one). */
      organisation: text("landing.organisation", 60).optional(),
      /** The organisation's colour, "#rrggbb", dark enough for white text on it. */
      colour: z
        .string({
          error: (issue) =>
            issue.input === undefined
              ? `missing field "landing.colour"`
              : `"landing.colour" must be a colour such as "#1d4e89"`,
        })
        .regex(/^#[0-9a-f]{6}$/, `"landing.colour" must be a colour such as "#1d4e89" (six lower-case hex digits)`),
      path: z
        .string({
          error: (issue) =>
            issue.input === undefined
              ? `missing field "landing.path" (the link's path before its token, such as "/toll/pay")`
              : `"landing.path" must be text`,
        })
        .regex(LANDING_PATH, `"landing.path" must be one or two lower-case segments, such as "/toll/pay" or "/claim"`)
        .refine((path) => !GIVEAWAY_LINK_WORDS.test(path), {
          error: `"landing.path" must not say what the message is (no "practice", "training", "scam" or "test")`,
        }),
      mark: z.enum(LANDING_MARKS, {
        error: (issue) =>
          issue.input === undefined
            ? `missing field "landing.mark"`
            : `"landing.mark" must be one of ${LANDING_MARKS.join(", ")}`,
      }),
    },
    { error: missing("landing") },
  ),
  /** What the message asks for (see ASKS); an opener that asks nothing yet says `[nothing-yet]`. */
  asks: z
    .array(z.enum(ASKS, { error: `"asks" may only hold ${ASKS.join(", ")}` }), {
      error: (issue) =>
        issue.input === undefined
          ? `missing field "asks" (what the message asks for, such as [card-details])`
          : undefined,
    })
    .min(1, `"asks" needs at least one entry`)
    .max(4, `"asks" holds at most 4 entries`)
    .refine((asks) => new Set(asks).size === asks.length, `"asks" lists an entry twice`),
  /**
   * A scam told over several messages (issue #36): every step is a scenario of its own with the
   * same sequence id; step 1 opens it, and each later step goes to the same person days after the
   * one before, from the same sender.
   */
  sequence: z
    .strictObject({
      id: z
        .string({ error: `"sequence.id" must be text` })
        .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, `"sequence.id" must be kebab-case, such as wrong-number-crypto`),
      step: z
        .number({ error: `"sequence.step" must be a number from 1 to 4` })
        .int(`"sequence.step" must be a whole number`)
        .min(1, `"sequence.step" must be a number from 1 to 4`)
        .max(4, `"sequence.step" must be a number from 1 to 4`),
    })
    .optional(),
  /**
   * A verification drill (issue #36): a text that pretends to be family, a friend, a boss or the
   * bank and invites a reply. A reply that checks first (asks for the code word, says they will
   * call back on a number they know) counts as "Checked first"; one that gives something away is a
   * fall (tracking/reply-check.ts). The reply's words are never kept.
   */
  drill: z.literal("check-first", { error: `"drill" can only be check-first` }).optional(),
  nextTime: text("nextTime", 500),
  /**
   * 1-3 dated sources for the scam this imitates, from an authority (FTC, FBI IC3, CISA, NCSC or a
   * national consumer agency): shown on the feedback page.
   */
  sources: z
    .array(
      z.strictObject({
        publisher: text("sources.publisher", 80),
        title: text("sources.title", 160),
        url: z.url({ protocol: /^https$/, error: `"sources.url" must be an https address` }),
        date: z
          .string({ error: `"sources.date" must be a date such as "2025-03" or "2025-03-14"` })
          .regex(/^\d{4}-\d{2}(-\d{2})?$/, `"sources.date" must be a date such as "2025-03" or "2025-03-14"`),
      }),
      { error: missing("sources") },
    )
    .min(1, "a scenario needs 1 to 3 sources")
    .max(3, "a scenario needs 1 to 3 sources"),
  redFlags: z
    .array(redFlagSchema, { error: missing("redFlags") })
    .min(3, "a scenario needs 3 to 6 red flags")
    .max(6, "a scenario needs 3 to 6 red flags"),
  body: z.string().trim().min(1, "the message body is empty"),
});

export type PracticeScenario = z.infer<typeof practiceScenarioSchema>;

/*
 * Difficulty on the NIST Phish Scale: NIST Technical Note 2276, "The NIST Phish Scale User
 * Guide" (Dawkins and Jacobs, 2023), which rates how hard a phishing message is to detect from
 * two things: the number of observable cues in the message, and how well its premise fits the
 * people who receive it. The cue bands and the 3x3 table below are the Guide's; a family scenario
 * has one premise rating per age band, so the same message can be easy for one band and hard for
 * another (a "free coins" message is well aligned for a child, poorly for a grandparent).
 */

/** 1 = least difficult to detect, 2 = moderately difficult, 3 = very difficult. */
export type DifficultyLevel = 1 | 2 | 3;

export type CueCount = "few" | "some" | "many";

/** TN 2276: few = 1-8 cues, some = 9-14, many = 15 or more. */
export function cueCount(cues: number): CueCount {
  if (cues <= 8) return "few";
  if (cues <= 14) return "some";
  return "many";
}

/** TN 2276 detection-difficulty table: rows are cue counts, columns premise alignment. */
const PHISH_SCALE: Record<CueCount, Record<PremiseAlignment, DifficultyLevel>> = {
  few: { high: 3, medium: 3, low: 2 },
  some: { high: 3, medium: 2, low: 2 },
  many: { high: 2, medium: 2, low: 1 },
};

export function phishScaleLevel(cues: number, premise: PremiseAlignment): DifficultyLevel {
  return PHISH_SCALE[cueCount(cues)][premise];
}

/** The scenario's level for one age band, or undefined when the scenario does not suit that band. */
export function difficultyFor(
  scenario: Pick<PracticeScenario, "difficulty">,
  band: AgeBand,
): DifficultyLevel | undefined {
  const premise = scenario.difficulty.premise[band];
  return premise ? phishScaleLevel(scenario.difficulty.cues, premise) : undefined;
}
