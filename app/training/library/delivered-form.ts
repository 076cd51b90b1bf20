import type { Channel, PracticeScenario } from "./practice-scenario-schema";

/**
 * A practice message as it arrives: who it is from, to whom, its subject and its body. The
 * scenario file says what the message claims; this says what the person really saw, and it is what
 * the feedback page shows and what its red flags point at (decision 029).
 *
 * - An email comes from the scenario's display name and the part of its address before the "@",
 *   at the practice mail domain: `"Pinecrest Valley Bank" <fraud-alerts@PRACTICE_MAIL_DOMAIN>`.
 * - A text comes from the Training Program's own number, with no name.
 * - `{{firstName}}` in the body becomes the person's first name, or "friend" when we have none, so
 *   no scenario greets a stranger ("Dear Mr. Okafor") written for someone else.
 *
 * The body keeps its `[[link text]]` marker: the address behind it is added when it is sent.
 */
export interface DeliveredForm {
  channel: Channel;
  from: { name: string; address: string };
  to: string;
  subject: string | null;
  body: string;
}

export const PLACEHOLDERS = ["firstName"] as const;
const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;
/** What a greeting says when the family did not give this person a usable name. */
export const FIRST_NAME_FALLBACK = "friend";

/** The placeholders a text uses that we do not fill in (a typo such as `{{firstname}}`). */
export function unknownPlaceholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)]
    .map((match) => match[1])
    .filter((name) => !(PLACEHOLDERS as readonly string[]).includes(name));
}

/** "{{" or "}}" that are not part of a complete placeholder. */
export function hasStrayPlaceholderBraces(text: string): boolean {
  const rest = text.replace(PLACEHOLDER, "");
  return rest.includes("{{") || rest.includes("}}");
}

/** The first word of a person's name as a greeting can use it: "Rose Okafor" → "Rose". */
export function firstNameOf(fullName: string | null | undefined): string {
  const first = (fullName ?? "").trim().split(/\s+/)[0] ?? "";
  // A generated label ("Family member 2") or a bare address is not a name to greet anyone by.
  if (!first || /^family$/i.test(first) || first.includes("@") || /\d/.test(first)) return FIRST_NAME_FALLBACK;
  return first;
}

export function personalise(text: string, person: { firstName: string }): string {
  return text.replace(PLACEHOLDER, (marker, name: string) => (name === "firstName" ? person.firstName : marker));
}

export interface DeliveryDetails {
  /** PRACTICE_MAIL_DOMAIN. */
  mailDomain: string;
  /** The number texts are sent from (TWILIO_FROM, or the local mailbox's). */
  textSender: string;
  /** The address or number it goes to. */
  to: string;
  /** The person's name as the family entered it. */
  personName: string | null;
}

export function deliveredForm(scenario: PracticeScenario, details: DeliveryDetails): DeliveredForm {
  const person = { firstName: firstNameOf(details.personName) };
  const from =
    scenario.channel === "email"
      ? { name: scenario.from.name, address: `${scenario.from.address ?? "info"}@${details.mailDomain}` }
      : { name: "", address: details.textSender };
  return {
    channel: scenario.channel,
    from,
    to: details.to,
    subject: scenario.channel === "email" ? personalise(scenario.subject ?? scenario.title, person) : null,
    body: personalise(scenario.body.trim(), person),
  };
}

/**
 * The form a scenario's checks and previews use when there is no real delivery: a practice domain
 * that cannot exist (so no quote can lean on the deployment's own domain) and the fallback greeting.
 */
export const SAMPLE_MAIL_DOMAIN = "practice-domain.invalid";
export const SAMPLE_TEXT_SENDER = "+1 (202) 555-0100";

export function sampleDeliveredForm(scenario: PracticeScenario): DeliveredForm {
  return deliveredForm(scenario, {
    mailDomain: SAMPLE_MAIL_DOMAIN,
    textSender: SAMPLE_TEXT_SENDER,
    to: scenario.channel === "email" ? "you@example.com" : "+1 (202) 555-0199",
    personName: null,
  });
}
