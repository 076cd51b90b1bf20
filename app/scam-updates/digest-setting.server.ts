import type { SessionUser } from "~/account/session.server";
import { hasMemberAccessNow, memberIdentity } from "~/billing/membership.server";
import type { Database } from "~/db/client.server";
import type { FormResult } from "~/validation/form-result";
import { isDigestEnabled, setDigestEnabled } from "./digest.server";
import { DigestSettingSchema } from "./digest-setting";

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
): Promise<{ status: number; result: FormResult }> {
  const parsed = DigestSettingSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      status: 400,
      result: { ok: false, title: "Nothing was changed", message: parsed.error.issues[0]!.message },
    };
  }
  if (!(await hasMemberAccessNow(db, memberIdentity(user)))) {
    return {
      status: 403,
      result: {
        ok: false,
        title: "Nothing was changed",
        message: "The weekly scam alerts email is part of the Training Program.",
      },
    };
  }
  const enabled = parsed.data.enabled === "on";
  await setDigestEnabled(db, user.id, enabled);
  return {
    status: 200,
    result: enabled
      ? { ok: true, title: "Weekly scam alerts on", message: "We will email you on Mondays when there are new alerts." }
      : { ok: true, title: "Weekly scam alerts off", message: "You will get no more weekly scam alert emails." },
  };
}
