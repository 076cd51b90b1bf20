import { and, eq } from "drizzle-orm";
import { getEnv } from "~/config/env.server";
import type { Database } from "~/db/client.server";
import type { Locale } from "~/i18n/locales";
import { translatorFor, type Translate } from "~/i18n/translate";
import type { ScenarioLanguage } from "~/training/library/practice-scenario-schema";
import { findHolderProgram } from "~/training/people/programs.server";
import { practiceLibrary } from "~/training/library/practice-library.server";
import { feedbackFor, type FeedbackMessage, type FeedbackView } from "~/training/tracking/practice-feedback.server";
import { practiceMessages, trainingContacts } from "~/training/tables";
import { sentMessagesOf } from "./family-results.server";
import { outcomeLabel } from "./family-results-view";
import type { PracticeOutcome } from "./practice-results";

/**
 * The account holder's own look at a family member's practice message: the message as it arrived
 * and its red flags, the same as the member's feedback page, but reached through the holder's
 * sign-in instead of the member's link, worded for the holder, and with nothing on it that
 * records anything. The member's page (/practice/:token/feedback) has "I spotted it" and the stop
 * link, which would count the holder's presses as the member's; this view only reads. Worded in
 * the language of the holder's page (/es/account/training/messages/:id in Spanish); the message
 * itself, its red flags' explanations and its sources stay in the language it was written in.
 */
export interface HolderMessageView extends Omit<FeedbackView, "token"> {
  personName: string;
  /** Stands in for the practice link in a text: the member's own link is theirs alone. */
  linkText: string;
  /** The outcome the family results show for it (null: not sent yet), with its label. */
  result: PracticeOutcome | null;
  resultLabel: string | null;
  /** What happened, told to the holder: "Sam spotted it." */
  resultLine: string;
  /** The language the message (and what the library says about it) is written in. */
  messageLanguage: ScenarioLanguage;
}

/** What happened to a member's message, in a sentence for the account holder, in `t`'s language. */
export function holderResultLine(
  name: string,
  result: PracticeOutcome | null,
  windowDays: number,
  t: Translate = translatorFor("en"),
): string {
  const days = windowDays;
  switch (result) {
    case "reported":
      return t("practiceMessagePage.result.reported", { name });
    case "spotted":
      return t("practiceMessagePage.result.spotted", { name });
    case "checked-first":
      return t("practiceMessagePage.result.checkedFirst", { name });
    case "fell":
      return t("practiceMessagePage.result.fell", { name });
    case "waiting":
      return t("practiceMessagePage.result.waiting", { name, days });
    case "opened-not-pressed":
      return t("practiceMessagePage.result.openedNotPressed", { name });
    case "scanner-or-preview":
      return t("practiceMessagePage.result.scannerOrPreview", { name });
    case "no-response":
      return t("practiceMessagePage.result.noResponse", { name, days });
    case "not-delivered":
      return t("practiceMessagePage.result.notDelivered", { name });
    case "delivery-unknown":
      return t("practiceMessagePage.result.deliveryUnknown", { name });
    default:
      return t("practiceMessagePage.result.notSent", { name });
  }
}

/**
 * The view, or null (the caller answers 404) when this account holds no Training Program, or the
 * message is not one that went to a person of its own subscription: another family's, an unknown
 * id, or one never queued for sending. Authorisation is the query itself: the message is looked
 * up joined to its contact and filtered by the holder's subscription.
 */
export async function loadHolderMessageView(
  db: Database,
  input: {
    userId: string;
    messageId: string;
    practiceOrigin: string;
    now?: Date;
    responseWindowDays?: number;
    /** The holder's page's language; English unless given. */
    language?: Locale;
  },
): Promise<HolderMessageView | null> {
  const now = input.now ?? new Date();
  const language = input.language ?? "en";
  const t = translatorFor(language);
  const windowDays = input.responseWindowDays ?? getEnv().PRACTICE_RESPONSE_WINDOW_DAYS;
  const program = await findHolderProgram(db, input.userId, now);
  if (!program) return null;
  const [row] = await db
    .select({
      id: practiceMessages.id,
      token: practiceMessages.token,
      scenarioId: practiceMessages.scenarioId,
      address: practiceMessages.address,
      delivered: practiceMessages.delivered,
      contactName: trainingContacts.name,
      ageBand: trainingContacts.ageBand,
    })
    .from(practiceMessages)
    .innerJoin(trainingContacts, eq(trainingContacts.id, practiceMessages.contactId))
    .where(
      and(
        eq(practiceMessages.id, input.messageId),
        eq(practiceMessages.status, "queued"),
        eq(trainingContacts.subscriptionId, program.subscriptionId),
      ),
    )
    .limit(1);
  if (!row) return null;
  const record: FeedbackMessage = {
    id: row.id,
    token: row.token,
    scenarioId: row.scenarioId,
    address: row.address,
    delivered: row.delivered,
    contact: { ageBand: row.ageBand },
  };
  // The member's own links never reach the holder's browser: a placeholder stands in a text.
  const placeholderLink = (step: { scenarioId: string }) =>
    `${input.practiceOrigin}${practiceLibrary().byId(step.scenarioId)?.landing.path ?? ""}/…`;
  // The holder reads the site in their page's language, whatever language the message was in:
  // where each flag is, and the links to learn more, are in the page's edition.
  const feedback = await feedbackFor(db, record, placeholderLink, language);
  if (!feedback) return null;
  // The same outcome as its badge in the family results (read only: nothing is written).
  const [sent] = await sentMessagesOf(db, program.subscriptionId, { now, windowDays, messageId: row.id });
  const result = sent?.outcome ?? null;
  // The token never leaves the server: with it the holder's browser could press the member's buttons.
  const { token: _token, ...rest } = feedback;
  return {
    ...rest,
    personName: row.contactName,
    linkText: placeholderLink(row),
    result,
    resultLabel: result ? outcomeLabel(result, t) : null,
    resultLine: holderResultLine(row.contactName, result, windowDays, t),
    messageLanguage: practiceLibrary().byId(row.scenarioId)?.language ?? "en",
  };
}
