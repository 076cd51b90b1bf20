import { z } from "zod";
import { translatorFor, type Translate } from "~/i18n/translate";
import { isKnownTimeZone } from "~/family/quiet-hours";
import { AGE_BANDS, type AgeBand } from "~/family/age-bands";
import { PRACTICE_LANGUAGES, type PracticeLanguage } from "~/family/practice-language";
import {
  emailField,
  MAX_EMAIL_LENGTH,
  MAX_PERSON_NAME_LENGTH,
  personName,
  personNameProblem,
} from "~/validation/fields";
import { MAX_FAMILY_MEMBERS, PAID_PLAN_IDS } from "./plans";

/** SPEC.md sections 5 and 8, word for word in English where the spec gives the words; /es/checkout's in Spanish. */
export function checkoutMessagesFor(t: Translate) {
  return {
    required: t("checkout.required"),
    firstMember: t("checkout.firstMember"),
    tooManyMembers: t("checkout.tooManyMembers", { max: MAX_FAMILY_MEMBERS }),
    duplicateEmail: t("checkout.duplicateEmail"),
    phoneWithoutEmail: t("checkout.phoneWithoutEmail"),
    invalidPhone: t("checkout.invalidPhone"),
    nameRequired: t("checkout.nameRequired"),
    memberNameRequired: t("checkout.memberNameRequired"),
    memberAgeBand: t("checkout.memberAgeBand"),
    detailsWithoutEmail: t("checkout.detailsWithoutEmail"),
    emailRequired: t("checkout.emailRequired"),
    languageChoice: t("checkout.languageChoice"),
    failure: { title: t("checkout.failureTitle"), text: t("checkout.failure") },
    authRequired: { title: t("checkout.authRequiredTitle"), text: t("checkout.authRequired") },
    notConfigured: { title: t("checkout.notConfiguredTitle"), text: t("checkout.notConfigured") },
  };
}

const english = translatorFor("en");
export const CHECKOUT_MESSAGES = checkoutMessagesFor(english);

/**
 * Phone numbers are optional everywhere. We accept what people type ("+1 (555) 123-4567") and
 * keep it as typed; 7 to 15 digits is what a real number can have (E.164 allows at most 15).
 */
function phoneField(message: string) {
  return z
    .string()
    .trim()
    .max(32, message)
    .refine((value) => {
      if (value === "") return true;
      if (!/^\+?[0-9\s().-]+$/.test(value)) return false;
      const digits = value.replace(/\D/g, "").length;
      return digits >= 7 && digits <= 15;
    }, message)
    .transform((value) => (value === "" ? null : value));
}

function memberEmailField(t: Translate) {
  return z
    .string()
    .trim()
    .max(MAX_EMAIL_LENGTH, t("auth.emailTooLong", { max: MAX_EMAIL_LENGTH }))
    .refine((value) => value === "" || z.email().safeParse(value).success, t("auth.emailInvalid"))
    .transform((value) => value.toLowerCase());
}

/**
 * The checkout form, parsed the same way in the browser (to enable 'Complete Checkout') and in the
 * action (which trusts nothing the browser decided), with its messages in `t`'s language. Family
 * members arrive as repeated `memberName` / `memberAgeBand` / `memberEmail` / `memberPhone` fields
 * in order; blank rows are dropped. Each person's first name and age group are asked here, so
 * nobody starts out as a nameless "Adult" who could be sent the adult notice (a child's set-up is
 * different).
 */
export function checkoutSchemaFor(t: Translate) {
  const messages = checkoutMessagesFor(t);
  const phone = phoneField(messages.invalidPhone);
  const memberEmail = memberEmailField(t);
  /** A family member's first name: optional per field, required (below) for a row with an email. */
  const memberName = z
    .string()
    .trim()
    .max(MAX_PERSON_NAME_LENGTH, t("name.rule", { max: MAX_PERSON_NAME_LENGTH }));
  /** "" until chosen; the row's check says a chosen one is needed. */
  const memberAgeBand = z.union([z.enum(AGE_BANDS), z.literal("")], { error: messages.memberAgeBand });
  /** The language of their practice messages; "" (an older form) is English. */
  const memberLanguage = z.union([z.enum(PRACTICE_LANGUAGES), z.literal("")], { error: messages.languageChoice });
  const list = <T extends z.ZodType>(field: T) =>
    z.array(field).max(MAX_FAMILY_MEMBERS, messages.tooManyMembers).default([]);
  return z
    .object({
      plan: z.enum(PAID_PLAN_IDS as ["premium", "family"], { error: messages.required }),
      name: personName({ required: messages.nameRequired }, t),
      email: emailField({
        required: messages.emailRequired,
        invalid: t("auth.emailInvalid"),
        tooLong: t("auth.emailTooLong", { max: MAX_EMAIL_LENGTH }),
      }),
      phone: phone.optional().transform((value) => value ?? null),
      memberEmail: list(memberEmail),
      memberPhone: list(phone),
      memberName: list(memberName),
      memberAgeBand: list(memberAgeBand),
      memberLanguage: list(memberLanguage),
      // Filled in by the browser, not typed: a zone we do not know is dropped, never an error.
      timeZone: z
        .string()
        .max(64)
        .optional()
        .catch(undefined)
        .transform((value) => (value && isKnownTimeZone(value) ? value : null)),
    })
    .superRefine((input, ctx) => {
      if (input.plan !== "family") return;
      input.memberPhone.forEach((phoneNumber, index) => {
        if (phoneNumber && !input.memberEmail[index]) {
          ctx.addIssue({ code: "custom", path: [`memberEmail${index + 1}`], message: messages.phoneWithoutEmail });
        }
      });
      for (let index = 0; index < MAX_FAMILY_MEMBERS; index++) {
        const name = input.memberName[index] ?? "";
        const ageBand = input.memberAgeBand[index] ?? "";
        const number = index + 1;
        if (!input.memberEmail[index]) {
          if ((name || ageBand) && !input.memberPhone[index])
            ctx.addIssue({ code: "custom", path: [`memberEmail${number}`], message: messages.detailsWithoutEmail });
          continue;
        }
        const nameProblem = name ? personNameProblem(name, t) : messages.memberNameRequired;
        if (nameProblem) ctx.addIssue({ code: "custom", path: [`memberName${number}`], message: nameProblem });
        if (!ageBand)
          ctx.addIssue({ code: "custom", path: [`memberAgeBand${number}`], message: messages.memberAgeBand });
      }
      if (!input.memberEmail[0]) {
        ctx.addIssue({ code: "custom", path: ["memberEmail1"], message: messages.firstMember });
      }
      const seen = new Set([input.email]);
      input.memberEmail.forEach((email, index) => {
        if (!email) return;
        if (seen.has(email)) {
          ctx.addIssue({ code: "custom", path: [`memberEmail${index + 1}`], message: messages.duplicateEmail });
        }
        seen.add(email);
      });
    })
    .transform(({ memberEmail, memberPhone, memberName, memberAgeBand, memberLanguage, ...rest }) => ({
      ...rest,
      // Only a family plan has members; blank rows are dropped, order kept.
      members:
        rest.plan === "family"
          ? memberEmail
              .map((email, index) => ({
                email,
                phone: memberPhone[index] ?? null,
                name: memberName[index] ?? "",
                ageBand: (memberAgeBand[index] || "adult") as AgeBand,
                language: (memberLanguage[index] || "en") as PracticeLanguage,
              }))
              .filter((member) => member.email !== "")
          : [],
    }));
}

/** The English checkout schema (the SPEC's words). */
export const CheckoutSchema = checkoutSchemaFor(english);

export type CheckoutInput = z.infer<typeof CheckoutSchema>;

/** Form fields to the schema's input: single values stay strings, member rows become lists. */
export function checkoutFormValues(formData: FormData) {
  const text = (key: string) => {
    const value = formData.get(key);
    return typeof value === "string" ? value : undefined;
  };
  const list = (key: string) => formData.getAll(key).map((value) => (typeof value === "string" ? value : ""));
  return {
    plan: text("plan"),
    name: text("name"),
    email: text("email"),
    phone: text("phone"),
    memberEmail: list("memberEmail"),
    memberPhone: list("memberPhone"),
    memberName: list("memberName"),
    memberAgeBand: list("memberAgeBand"),
    memberLanguage: list("memberLanguage"),
    timeZone: text("timeZone"),
  };
}

/** Field name → first message, with member rows named memberEmail1..4 / memberPhone1..4. */
export function checkoutFieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const [field, index] = issue.path;
    const key =
      (field === "memberEmail" ||
        field === "memberPhone" ||
        field === "memberName" ||
        field === "memberAgeBand" ||
        field === "memberLanguage") &&
      typeof index === "number"
        ? `${field}${index + 1}`
        : String(field ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}
