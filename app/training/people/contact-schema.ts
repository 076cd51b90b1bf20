import { z } from "zod";
import { personName } from "~/validation/fields";
import type { FormResult } from "~/validation/form-result";
import { AGE_BANDS, type AgeBand } from "~/family/age-bands";
import { SPOT_NOTICES_INTENT, spotNoticesSchemaFor } from "./spot-notices";
import { CODE_WORD_INTENT, codeWordSchemaFor } from "./code-word";
import { DeliveryCheckRequestSchema, SEND_TEST_INTENT } from "./delivery-check-form";
import { isKnownTimeZone } from "~/family/quiet-hours";
import { practiceLanguageFieldFor } from "~/family/practice-language";
import { translatorFor, type Translate } from "~/i18n/translate";
import { builtOncePerLocale } from "~/i18n/per-locale";
import type { MessageKey } from "~/i18n/messages/en";

/**
 * The forms on /account/training and the consent page, parsed by the same zod schemas in the
 * browser (to show problems before posting) and in the actions (which trust nothing the browser
 * decided). Everything a person sees about a contact's settings is worded here.
 */

const AGE_BAND_KEYS = {
  child: "checkout.ageBand.child",
  teen: "checkout.ageBand.teen",
  adult: "checkout.ageBand.adult",
  "older-adult": "checkout.ageBand.olderAdult",
} as const satisfies Record<AgeBand, MessageKey>;

/** "Child (8–12)", "Teen (13–17)", "Adult", "Older adult", or their Spanish: the same words as checkout's. */
export function ageBandLabel(band: AgeBand, t: Translate): string {
  return t(AGE_BAND_KEYS[band]);
}

const english = translatorFor("en");

/** Children and teens are enrolled by their parent or guardian; adults say yes themselves. */
export function isMinor(ageBand: string): boolean {
  return ageBand === "child" || ageBand === "teen";
}

export const DEFAULT_TIME_ZONE = "America/New_York";

/**
 * The time zones offered in the select: the common ones, by region. Any IANA zone the runtime
 * knows is accepted (a contact imported with another zone keeps it; the page adds it to the list).
 */
export const TIME_ZONE_GROUPS: { region: TimeZoneRegion; zones: string[] }[] = [
  {
    region: "northAmerica",
    zones: [
      "America/New_York",
      "America/Chicago",
      "America/Denver",
      "America/Phoenix",
      "America/Los_Angeles",
      "America/Anchorage",
      "Pacific/Honolulu",
      "America/Halifax",
      "America/St_Johns",
      "America/Toronto",
      "America/Vancouver",
      "America/Mexico_City",
      "America/Puerto_Rico",
    ],
  },
  {
    region: "southAmerica",
    zones: [
      "America/Bogota",
      "America/Lima",
      "America/Santiago",
      "America/Argentina/Buenos_Aires",
      "America/Sao_Paulo",
    ],
  },
  {
    region: "europe",
    zones: [
      "Europe/London",
      "Europe/Dublin",
      "Europe/Lisbon",
      "Europe/Paris",
      "Europe/Madrid",
      "Europe/Berlin",
      "Europe/Rome",
      "Europe/Amsterdam",
      "Europe/Stockholm",
      "Europe/Warsaw",
      "Europe/Athens",
      "Europe/Helsinki",
      "Europe/Istanbul",
      "Europe/Moscow",
    ],
  },
  {
    region: "africaMiddleEast",
    zones: ["Africa/Lagos", "Africa/Cairo", "Africa/Johannesburg", "Africa/Nairobi", "Asia/Jerusalem", "Asia/Dubai"],
  },
  {
    region: "asiaPacific",
    zones: [
      "Asia/Karachi",
      "Asia/Kolkata",
      "Asia/Dhaka",
      "Asia/Bangkok",
      "Asia/Singapore",
      "Asia/Manila",
      "Asia/Shanghai",
      "Asia/Hong_Kong",
      "Asia/Seoul",
      "Asia/Tokyo",
      "Australia/Perth",
      "Australia/Adelaide",
      "Australia/Brisbane",
      "Australia/Sydney",
      "Pacific/Auckland",
    ],
  },
  { region: "other", zones: ["UTC"] },
];

export type TimeZoneRegion =
  "northAmerica" | "southAmerica" | "europe" | "africaMiddleEast" | "asiaPacific" | "other" | "current";

const REGION_KEYS = {
  northAmerica: "people.region.northAmerica",
  southAmerica: "people.region.southAmerica",
  europe: "people.region.europe",
  africaMiddleEast: "people.region.africaMiddleEast",
  asiaPacific: "people.region.asiaPacific",
  other: "people.region.other",
  current: "people.region.current",
} as const satisfies Record<TimeZoneRegion, MessageKey>;

/** A group's name in the time-zone select. */
export function timeZoneRegionLabel(region: TimeZoneRegion, t: Translate): string {
  return t(REGION_KEYS[region]);
}

/** What the people forms say about a problem, in `t`'s language (the page's). */
export function contactMessagesFor(t: Translate) {
  return {
    invalid: t("people.invalid"),
    nameRequired: t("people.nameRequired"),
    ageBand: t("people.ageBandRequired"),
    reachable: t("people.reachable"),
    invalidPhone: t("people.invalidPhone"),
    textsNeedPhone: t("people.textsNeedPhone"),
    emailNeedsAddress: t("people.emailNeedsAddress"),
    timeZone: t("people.timeZoneRequired"),
    guardian: t("people.guardianRequired"),
    removeConfirm: t("people.removeConfirm"),
    emailNotText: t("people.emailNotText"),
    emailTooLong: t("people.emailTooLong"),
    emailInvalid: t("people.emailInvalid"),
    phoneNotText: t("people.phoneNotText"),
    emailsTicked: t("people.emailsTicked"),
    textsTicked: t("people.textsTicked"),
    unknownPerson: t("people.unknownPerson"),
    unknownAction: t("people.unknownAction"),
    consentChoice: t("people.consentChoice"),
  };
}

const CONTACT_MESSAGES = contactMessagesFor(english);

const MAX_PHONE_LENGTH = 32;
/** The same rule as the outbox's (app/mail/sms-suppressions.server.ts), which is server-only. */
const E164_PATTERN = /^\+[1-9]\d{6,14}$/;

/**
 * A phone number as people type it ("+1 (555) 010-2000", "555 010 2000") to E.164, which texts
 * need. Ten digits without a country code are taken as a US/Canada number (+1), like the rest of
 * the site's defaults; anything else has to start with + and its country code. Null when it
 * cannot be read as a number.
 */
export function toE164(raw: string): string | null {
  const value = raw.trim();
  if (!/^\+?[0-9\s().-]+$/.test(value)) return null;
  const digits = value.replace(/\D/g, "");
  let candidate: string;
  if (value.startsWith("+")) candidate = `+${digits}`;
  else if (digits.length === 10) candidate = `+1${digits}`;
  else if (digits.length === 11 && digits.startsWith("1")) candidate = `+${digits}`;
  else return null;
  return E164_PATTERN.test(candidate) ? candidate : null;
}

/** The details of one person, as the add and edit forms send them, with problems worded in `t`'s language. */
function contactDetailsSchemaFor(t: Translate) {
  const messages = contactMessagesFor(t);
  const optionalEmail = z
    .string({ error: messages.emailNotText })
    .trim()
    .max(254, messages.emailTooLong)
    .transform((value) => value.toLowerCase())
    .pipe(z.union([z.literal(""), z.email(messages.emailInvalid)]))
    .transform((value) => (value === "" ? null : value));
  const optionalPhone = z
    .string({ error: messages.phoneNotText })
    .trim()
    .max(MAX_PHONE_LENGTH, messages.invalidPhone)
    .transform((value, ctx) => {
      if (value === "") return null;
      const phone = toE164(value);
      if (!phone) {
        ctx.addIssue({ code: "custom", message: messages.invalidPhone });
        return z.NEVER;
      }
      return phone;
    });
  /** A checkbox: present ("on") when ticked, absent otherwise. Anything else is refused. */
  const checkbox = (message: string) =>
    z
      .union([z.literal("on"), z.literal("true")], { error: message })
      .optional()
      .transform((value) => value !== undefined);
  const timeZoneField = z
    .string({ error: messages.timeZone })
    .trim()
    .min(1, messages.timeZone)
    .max(64, messages.timeZone)
    .refine((value) => /^[A-Za-z0-9_+\-/]+$/.test(value) && isKnownTimeZone(value), messages.timeZone);
  return z
    .object({
      name: personName({ required: messages.nameRequired }, t),
      ageBand: z.enum(AGE_BANDS, { error: messages.ageBand }),
      email: optionalEmail.optional().transform((value) => value ?? null),
      phone: optionalPhone.optional().transform((value) => value ?? null),
      emailEnabled: checkbox(messages.emailsTicked),
      smsEnabled: checkbox(messages.textsTicked),
      timeZone: timeZoneField,
      language: practiceLanguageFieldFor(t),
    })
    .superRefine((input, ctx) => {
      if (!input.email && !input.phone) ctx.addIssue({ code: "custom", path: ["email"], message: messages.reachable });
      if (input.smsEnabled && !input.phone)
        ctx.addIssue({ code: "custom", path: ["phone"], message: messages.textsNeedPhone });
      if (input.emailEnabled && !input.email)
        ctx.addIssue({ code: "custom", path: ["email"], message: messages.emailNeedsAddress });
    });
}

export type ContactDetails = z.infer<ReturnType<typeof contactDetailsSchemaFor>>;

/**
 * Every action on /account/training, told apart by `intent`. Checked in two steps (the intent,
 * then that intent's fields) so a wrong intent gets its own clear answer.
 */
export const TRAINING_INTENTS = [
  "add",
  "update",
  "pause",
  "resume",
  "remove",
  "send-notice",
  "guardian-consent",
  "self-consent",
  SPOT_NOTICES_INTENT,
  CODE_WORD_INTENT,
  SEND_TEST_INTENT,
] as const;
export type TrainingIntent = (typeof TRAINING_INTENTS)[number];

/** Each intent's fields, with problems worded in `t`'s language. */
function trainingActionSchemasFor(t: Translate) {
  const messages = contactMessagesFor(t);
  const details = contactDetailsSchemaFor(t);
  const withContact = z.object({ contactId: z.uuid({ error: messages.unknownPerson }) });
  return {
    intent: z.object({ intent: z.enum(TRAINING_INTENTS, { error: messages.unknownAction }) }),
    add: details,
    update: details.and(withContact),
    pause: withContact,
    resume: withContact,
    remove: withContact.extend({ confirm: z.literal("yes", { error: messages.removeConfirm }) }),
    "send-notice": withContact,
    "guardian-consent": withContact.extend({ guardian: z.literal("on", { error: messages.guardian }) }),
    "self-consent": withContact,
    // The holder's own setting, not a person's: no contactId.
    [SPOT_NOTICES_INTENT]: spotNoticesSchemaFor(t),
    [CODE_WORD_INTENT]: codeWordSchemaFor(t),
    [SEND_TEST_INTENT]: DeliveryCheckRequestSchema.omit({ intent: true }),
  } satisfies Record<TrainingIntent | "intent", z.ZodType>;
}

type TrainingActionSchemas = ReturnType<typeof trainingActionSchemasFor>;

/** Built once per language: the browser and the action parse with the same schemas. */
const trainingActionSchemas = builtOncePerLocale(trainingActionSchemasFor);

export type TrainingAction = {
  [K in TrainingIntent]: { intent: K } & z.infer<TrainingActionSchemas[K]>;
}[TrainingIntent];

export function parseTrainingAction(
  raw: Record<string, unknown>,
  t: Translate = english,
): z.ZodSafeParseResult<TrainingAction> {
  const schemas = trainingActionSchemas(t);
  const intent = schemas.intent.safeParse(raw);
  if (!intent.success) return intent as z.ZodSafeParseResult<TrainingAction>;
  const parsed = schemas[intent.data.intent].safeParse(raw);
  if (!parsed.success) return parsed as z.ZodSafeParseResult<TrainingAction>;
  return { success: true, data: { intent: intent.data.intent, ...parsed.data } as TrainingAction };
}

export type TrainingResult = FormResult & { intent?: string };

/** The first problem of each field, and the result the page shows for it. */
export function contactValidationResult(error: z.ZodError, t: Translate = english): TrainingResult {
  const messages = contactMessagesFor(t);
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[String(issue.path[0] ?? "form")] ??= issue.message;
  return {
    ok: false,
    title: messages.invalid,
    message: Object.values(fields)[0] ?? messages.invalid,
    fields,
  };
}

/** The consent page's buttons: yes, no thanks, and "This isn't me". */
export const ConsentChoiceSchema = z.object({
  choice: z.enum(["yes", "no", "not-me"], { error: CONTACT_MESSAGES.consentChoice }),
});
