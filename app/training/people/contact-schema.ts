import { z } from "zod";
import { personName } from "~/validation/fields";
import type { FormResult } from "~/validation/form-result";
import { AGE_BANDS, type AgeBand } from "~/training/library/practice-scenario-schema";
import { SPOT_NOTICES_INTENT, SpotNoticesSchema } from "./spot-notices";
import { CODE_WORD_INTENT, CodeWordSchema } from "./code-word";
import { DeliveryCheckRequestSchema, SEND_TEST_INTENT } from "./delivery-check-form";
import { isKnownTimeZone } from "./quiet-hours";
import { practiceLanguageField } from "./practice-language";

/**
 * The forms on /account/training and the consent page, parsed by the same zod schemas in the
 * browser (to show problems before posting) and in the actions (which trust nothing the browser
 * decided). Everything a person sees about a contact's settings is worded here.
 */

export const AGE_BAND_LABELS: Record<AgeBand, string> = {
  child: "Child (8–12)",
  teen: "Teen (13–17)",
  adult: "Adult",
  "older-adult": "Older adult",
};

/** Children and teens are enrolled by their parent or guardian; adults say yes themselves. */
export function isMinor(ageBand: string): boolean {
  return ageBand === "child" || ageBand === "teen";
}

export const DEFAULT_TIME_ZONE = "America/New_York";

/**
 * The time zones offered in the select: the common ones, by region. Any IANA zone the runtime
 * knows is accepted (a contact imported with another zone keeps it; the page adds it to the list).
 */
export const TIME_ZONE_GROUPS: { region: string; zones: string[] }[] = [
  {
    region: "North America",
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
    region: "South America",
    zones: [
      "America/Bogota",
      "America/Lima",
      "America/Santiago",
      "America/Argentina/Buenos_Aires",
      "America/Sao_Paulo",
    ],
  },
  {
    region: "Europe",
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
    region: "Africa and the Middle East",
    zones: ["Africa/Lagos", "Africa/Cairo", "Africa/Johannesburg", "Africa/Nairobi", "Asia/Jerusalem", "Asia/Dubai"],
  },
  {
    region: "Asia and the Pacific",
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
  { region: "Other", zones: ["UTC"] },
];

export const CONTACT_MESSAGES = {
  invalid: "Please check the details",
  nameRequired: "Please enter a name.",
  ageBand: "Please choose an age band.",
  reachable: "Add an email address or a phone number.",
  invalidPhone: "Please enter the phone number with its country code, like +1 555 010 2000.",
  textsNeedPhone: "Add a phone number to send texts.",
  emailNeedsAddress: "Add an email address to send emails.",
  timeZone: "Please choose a time zone from the list.",
  guardian: "Please tick the box to confirm you are this child's parent or guardian.",
  removeConfirm: "Please confirm that you want to remove this person.",
} as const;

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

const optionalEmail = z
  .string({ error: "The email address must be text." })
  .trim()
  .max(254, "Email addresses can be at most 254 characters.")
  .transform((value) => value.toLowerCase())
  .pipe(z.union([z.literal(""), z.email("Please enter a valid email address, like name@example.com.")]))
  .transform((value) => (value === "" ? null : value));

const optionalPhone = z
  .string({ error: "The phone number must be text." })
  .trim()
  .max(MAX_PHONE_LENGTH, CONTACT_MESSAGES.invalidPhone)
  .transform((value, ctx) => {
    if (value === "") return null;
    const phone = toE164(value);
    if (!phone) {
      ctx.addIssue({ code: "custom", message: CONTACT_MESSAGES.invalidPhone });
      return z.NEVER;
    }
    return phone;
  });

/** A checkbox: present ("on") when ticked, absent otherwise. Anything else is refused. */
const checkbox = (label: string) =>
  z
    .union([z.literal("on"), z.literal("true")], { error: `${label} must be ticked or not.` })
    .optional()
    .transform((value) => value !== undefined);

const timeZoneField = z
  .string({ error: CONTACT_MESSAGES.timeZone })
  .trim()
  .min(1, CONTACT_MESSAGES.timeZone)
  .max(64, CONTACT_MESSAGES.timeZone)
  .refine((value) => /^[A-Za-z0-9_+\-/]+$/.test(value) && isKnownTimeZone(value), CONTACT_MESSAGES.timeZone);

/** The details of one person, as the add and edit forms send them. */
export const ContactDetailsSchema = z
  .object({
    name: personName({ required: CONTACT_MESSAGES.nameRequired }),
    ageBand: z.enum(AGE_BANDS, { error: CONTACT_MESSAGES.ageBand }),
    email: optionalEmail.optional().transform((value) => value ?? null),
    phone: optionalPhone.optional().transform((value) => value ?? null),
    emailEnabled: checkbox("Emails"),
    smsEnabled: checkbox("Texts"),
    timeZone: timeZoneField,
    language: practiceLanguageField,
  })
  .superRefine((input, ctx) => {
    if (!input.email && !input.phone)
      ctx.addIssue({ code: "custom", path: ["email"], message: CONTACT_MESSAGES.reachable });
    if (input.smsEnabled && !input.phone)
      ctx.addIssue({ code: "custom", path: ["phone"], message: CONTACT_MESSAGES.textsNeedPhone });
    if (input.emailEnabled && !input.email)
      ctx.addIssue({ code: "custom", path: ["email"], message: CONTACT_MESSAGES.emailNeedsAddress });
  });

export type ContactDetails = z.infer<typeof ContactDetailsSchema>;

const contactId = z.uuid({ error: "Unknown person." });

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
export const TrainingIntentSchema = z.object({ intent: z.enum(TRAINING_INTENTS, { error: "Unknown action." }) });

const ContactIdSchema = z.object({ contactId });

export const TRAINING_ACTION_SCHEMAS = {
  add: ContactDetailsSchema,
  update: ContactDetailsSchema.and(ContactIdSchema),
  pause: ContactIdSchema,
  resume: ContactIdSchema,
  remove: ContactIdSchema.extend({ confirm: z.literal("yes", { error: CONTACT_MESSAGES.removeConfirm }) }),
  "send-notice": ContactIdSchema,
  "guardian-consent": ContactIdSchema.extend({ guardian: z.literal("on", { error: CONTACT_MESSAGES.guardian }) }),
  "self-consent": ContactIdSchema,
  // The holder's own setting, not a person's: no contactId.
  [SPOT_NOTICES_INTENT]: SpotNoticesSchema,
  [CODE_WORD_INTENT]: CodeWordSchema,
  [SEND_TEST_INTENT]: DeliveryCheckRequestSchema.omit({ intent: true }),
} satisfies Record<TrainingIntent, z.ZodType>;

export type TrainingAction = {
  [K in TrainingIntent]: { intent: K } & z.infer<(typeof TRAINING_ACTION_SCHEMAS)[K]>;
}[TrainingIntent];

export function parseTrainingAction(raw: Record<string, unknown>): z.ZodSafeParseResult<TrainingAction> {
  const intent = TrainingIntentSchema.safeParse(raw);
  if (!intent.success) return intent as z.ZodSafeParseResult<TrainingAction>;
  const parsed = TRAINING_ACTION_SCHEMAS[intent.data.intent].safeParse(raw);
  if (!parsed.success) return parsed as z.ZodSafeParseResult<TrainingAction>;
  return { success: true, data: { intent: intent.data.intent, ...parsed.data } as TrainingAction };
}

export type TrainingResult = FormResult & { intent?: string };

/** The first problem of each field, and the result the page shows for it. */
export function contactValidationResult(error: z.ZodError): TrainingResult {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[String(issue.path[0] ?? "form")] ??= issue.message;
  return {
    ok: false,
    title: CONTACT_MESSAGES.invalid,
    message: Object.values(fields)[0] ?? CONTACT_MESSAGES.invalid,
    fields,
  };
}

/** The consent page's buttons: yes, no thanks, and "This isn't me". */
export const ConsentChoiceSchema = z.object({
  choice: z.enum(["yes", "no", "not-me"], { error: "Please press one of the buttons on this page." }),
});
