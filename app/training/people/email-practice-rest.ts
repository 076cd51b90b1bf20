import { INTL_LOCALE, translatorFor, type Translate } from "~/i18n/translate";

/**
 * Email practice resting after a "Report spam" (a receiver's complaint, recorded by
 * tracking/practice-complaints.server.ts): how long, and the line the holder's card shows while
 * it lasts. Here, with the people, because the card reads it and tracking writes it.
 */
export const EMAIL_PRACTICE_REST_DAYS = 28;

/**
 * The line on the holder's card while a person's email practice rests, or null once the date has
 * passed: "Email practice rests until Jan 3: Ana marked a practice email as spam, which is just
 * what we teach."
 */
export function emailPracticeRestLine(
  contact: { name: string; timeZone: string; emailPracticePausedUntil: Date | null },
  now: Date,
  t: Translate = translatorFor("en"),
): string | null {
  const until = contact.emailPracticePausedUntil;
  if (!until || until.getTime() <= now.getTime()) return null;
  let date: string;
  try {
    date = until.toLocaleDateString(INTL_LOCALE[t.locale], {
      month: "short",
      day: "numeric",
      timeZone: contact.timeZone,
    });
  } catch {
    date = until.toLocaleDateString(INTL_LOCALE[t.locale], { month: "short", day: "numeric", timeZone: "UTC" });
  }
  return t("people.emailResting", { date, name: contact.name });
}
