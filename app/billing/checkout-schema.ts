import { z } from "zod";
import { emailField, personName } from "~/validation/fields";
import { isKnownTimeZone } from "~/training/people/quiet-hours";
import { AGE_BANDS, type AgeBand } from "~/training/library/practice-scenario-schema";
import { PERSON_NAME_MESSAGE, personNameProblem } from "~/validation/fields";
import { MAX_FAMILY_MEMBERS, PAID_PLAN_IDS } from "./plans";
import {
  PRACTICE_LANGUAGE_MESSAGE,
  PRACTICE_LANGUAGES,
  type PracticeLanguage,
} from "~/training/people/practice-language";

/** SPEC.md sections 5 and 8, word for word where the spec gives the words. */
export const CHECKOUT_MESSAGES = {
  required: "Please complete all required fields before proceeding.",
  firstMember: "Please provide at least one additional family member email.",
  tooManyMembers: `You can add up to ${MAX_FAMILY_MEMBERS} family members.`,
  duplicateEmail: "Each person needs their own email address.",
  phoneWithoutEmail: "Add this family member's email, or clear the phone number.",
  invalidPhone: "Please enter a valid phone number, like +1 555 123 4567.",
  nameRequired: "Please enter your full name.",
  memberNameRequired: "Please enter this family member's first name.",
  memberAgeBand: "Please choose this family member's age group: children and teens are set up differently.",
  detailsWithoutEmail: "Add this family member's email, or clear their row.",
  emailRequired: "Please enter your email address.",
  failure: {
    title: "Something went wrong",
    text: "We couldn't process your checkout request. Please try again later.",
  },
  authRequired: { title: "Authentication required", text: "Please log in to complete your purchase." },
  notConfigured: {
    title: "Payments are not configured",
    text: "This site cannot take payments yet. Nothing was charged; please try again later.",
  },
} as const;

/**
 * Phone numbers are optional everywhere. We accept what people type ("+1 (555) 123-4567") and
 * keep it as typed; 7 to 15 digits is what a real number can have (E.164 allows at most 15).
 */
const phoneField = z
  .string()
  .trim()
  .max(32, CHECKOUT_MESSAGES.invalidPhone)
  .refine((value) => {
    if (value === "") return true;
    if (!/^\+?[0-9\s().-]+$/.test(value)) return false;
    const digits = value.replace(/\D/g, "").length;
    return digits >= 7 && digits <= 15;
  }, CHECKOUT_MESSAGES.invalidPhone)
  .transform((value) => (value === "" ? null : value));

const memberEmailField = z
  .string()
  .trim()
  .max(254, "Email addresses can be at most 254 characters.")
  .refine(
    (value) => value === "" || z.email().safeParse(value).success,
    "Please enter a valid email address, like name@example.com.",
  )
  .transform((value) => value.toLowerCase());

/** A family member's first name: optional per field, required (below) for a row with an email. */
const memberNameField = z.string().trim().max(60, PERSON_NAME_MESSAGE);
/** "" until chosen; the row's check says a chosen one is needed. */
const memberAgeBandField = z.union([z.enum(AGE_BANDS), z.literal("")], { error: CHECKOUT_MESSAGES.memberAgeBand });
/** The language of their practice messages; "" (an older form) is English. */
const memberLanguageField = z.union([z.enum(PRACTICE_LANGUAGES), z.literal("")], { error: PRACTICE_LANGUAGE_MESSAGE });

/**
 * The checkout form, parsed the same way in the browser (to enable 'Complete Checkout') and in the
 * action (which trusts nothing the browser decided). Family members arrive as repeated
 * `memberName` / `memberAgeBand` / `memberEmail` / `memberPhone` fields in order; blank rows are
 * dropped. Each person's first name and age group are asked here, so nobody starts out as a
 * nameless "Adult" who could be sent the adult notice (a child's set-up is different).
 */
export const CheckoutSchema = z
  .object({
    plan: z.enum(PAID_PLAN_IDS as ["premium", "family"], { error: CHECKOUT_MESSAGES.required }),
    name: personName({ required: CHECKOUT_MESSAGES.nameRequired }),
    email: emailField({ required: CHECKOUT_MESSAGES.emailRequired }),
    phone: phoneField.optional().transform((value) => value ?? null),
    memberEmail: z.array(memberEmailField).max(MAX_FAMILY_MEMBERS, CHECKOUT_MESSAGES.tooManyMembers).default([]),
    memberPhone: z.array(phoneField).max(MAX_FAMILY_MEMBERS, CHECKOUT_MESSAGES.tooManyMembers).default([]),
    memberName: z.array(memberNameField).max(MAX_FAMILY_MEMBERS, CHECKOUT_MESSAGES.tooManyMembers).default([]),
    memberAgeBand: z.array(memberAgeBandField).max(MAX_FAMILY_MEMBERS, CHECKOUT_MESSAGES.tooManyMembers).default([]),
    memberLanguage: z.array(memberLanguageField).max(MAX_FAMILY_MEMBERS, CHECKOUT_MESSAGES.tooManyMembers).default([]),
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
    input.memberPhone.forEach((phone, index) => {
      if (phone && !input.memberEmail[index]) {
        ctx.addIssue({
          code: "custom",
          path: [`memberEmail${index + 1}`],
          message: CHECKOUT_MESSAGES.phoneWithoutEmail,
        });
      }
    });
    for (let index = 0; index < MAX_FAMILY_MEMBERS; index++) {
      const name = input.memberName[index] ?? "";
      const ageBand = input.memberAgeBand[index] ?? "";
      const number = index + 1;
      if (!input.memberEmail[index]) {
        if ((name || ageBand) && !input.memberPhone[index])
          ctx.addIssue({
            code: "custom",
            path: [`memberEmail${number}`],
            message: CHECKOUT_MESSAGES.detailsWithoutEmail,
          });
        continue;
      }
      const nameProblem = name ? personNameProblem(name) : CHECKOUT_MESSAGES.memberNameRequired;
      if (nameProblem) ctx.addIssue({ code: "custom", path: [`memberName${number}`], message: nameProblem });
      if (!ageBand)
        ctx.addIssue({ code: "custom", path: [`memberAgeBand${number}`], message: CHECKOUT_MESSAGES.memberAgeBand });
    }
    if (!input.memberEmail[0]) {
      ctx.addIssue({ code: "custom", path: ["memberEmail1"], message: CHECKOUT_MESSAGES.firstMember });
    }
    const seen = new Set([input.email]);
    input.memberEmail.forEach((email, index) => {
      if (!email) return;
      if (seen.has(email)) {
        ctx.addIssue({ code: "custom", path: [`memberEmail${index + 1}`], message: CHECKOUT_MESSAGES.duplicateEmail });
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
