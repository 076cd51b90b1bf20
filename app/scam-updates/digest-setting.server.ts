import type { SessionUser } from "~/account/session.server";
import { hasMemberAccessNow, memberIdentity } from "~/billing/membership.server";
import type { Database } from "~/db/client.server";
import type { FormResult } from "~/validation/form-result";
import { isDigestEnabled, setDigestEnabled } from "./digest.server";
import { translatorFor, type Translate } from "~/i18n/translate";
import { digestSettingSchemaFor } from "./digest-setting";

/** The setting /account shows, for members only (others get no digest to turn on). */
export async function digestSettingFor(
  db: Database,
  user: Pick<SessionUser, "id" | "email" | "emailVerified">,
): Promise<{ enabled: boolean } | null> {
  if (!(await hasMemberAccessNow(db, memberIdentity(user)))) return null;
  return { enabled: await isDigestEnabled(db, user.id) };
}

/** Saves the checkbox. Only a member may change it; a bad form is a 400, never a 500. */
export async function digestSettingAction(
  db: Database,
  user: Pick<SessionUser, "id" | "email" | "emailVerified">,
  raw: Record<string, unknown>,
  t: Translate = translatorFor("en"),
): Promise<{ status: number; result: FormResult }> {
  const parsed = digestSettingSchemaFor(t).safeParse(raw);
  if (!parsed.success) {
    return {
      status: 400,
      result: { ok: false, title: t("digest.unchangedTitle"), message: parsed.error.issues[0]!.message },
    };
  }
  if (!(await hasMemberAccessNow(db, memberIdentity(user)))) {
    return { status: 403, result: { ok: false, title: t("digest.unchangedTitle"), message: t("digest.membersOnly") } };
  }
  const enabled = parsed.data.enabled === "on";
  await setDigestEnabled(db, user.id, enabled);
  return {
    status: 200,
    result: enabled
      ? { ok: true, title: t("digest.onTitle"), message: t("digest.on") }
      : { ok: true, title: t("digest.offTitle"), message: t("digest.off") },
  };
}
