import type { Database } from "~/db/client.server";
import type { Translate } from "~/i18n/translate";
import { codeWordSaved } from "../code-word";
import { setCodeWord } from "../code-word.server";
import type { HolderProgram } from "../programs.server";
import { spotNoticesSaved } from "../spot-notices";
import { setSpotNotices } from "../spot-notices.server";
import { done, fail, type Outcome } from "./outcome";

/** The family code word note, for the holder's own program only (never the word: code-word.ts). Answers in `t`'s language. */
export async function changeCodeWord(
  db: Database,
  program: HolderProgram,
  agreedAt: Date | null,
  t: Translate,
): Promise<Outcome> {
  if (!(await setCodeWord(db, program.subscriptionId, agreedAt)))
    return fail(409, t("familySettings.nothingChangedTitle"), t("familySettings.reload"), "code-word");
  const { title, message } = codeWordSaved(agreedAt, t);
  return done(title, message, "code-word");
}

/** "Tell me when someone spots one", for the holder's own program only (found from their account above). */
export async function changeSpotNotices(
  db: Database,
  program: HolderProgram,
  enabled: boolean,
  t: Translate,
): Promise<Outcome> {
  if (!(await setSpotNotices(db, program.subscriptionId, enabled)))
    return fail(409, t("familySettings.nothingChangedTitle"), t("familySettings.reload"), "spot-notices");
  const { title, message } = spotNoticesSaved(enabled, t);
  return done(title, message, "spot-notices");
}
