import type { Translate } from "~/i18n/translate";
import type { SessionUser } from "~/account/session.server";
import type { Database } from "~/db/client.server";
import { consentLimits, countNewAddress, normaliseAddress } from "../address-consent.server";
import { everyAddress } from "../contact-notices.server";
import { listContacts, type HolderProgram } from "../programs.server";
import { fail, type Outcome } from "./outcome";

/**
 * Addresses this change brings into the family that no one in it had: each counts against the
 * holder's daily limit of new addresses. Returns a refusal when the limit is reached.
 */
export async function admitNewAddresses(
  db: Database,
  user: SessionUser,
  program: HolderProgram,
  addresses: string[],
  intent: string,
  t: Translate,
): Promise<Outcome | null> {
  const family = new Set((await listContacts(db, program.subscriptionId)).flatMap(everyAddress));
  for (const address of new Set(addresses.map(normaliseAddress))) {
    if (family.has(address)) continue;
    const limit = await countNewAddress(db, user.id);
    if (!limit.allowed) {
      const hours = Math.max(1, Math.ceil(limit.retryAfterSeconds / 3600));
      return fail(
        429,
        t("people.tooManyAddressesTitle"),
        t("people.tooManyAddresses", { max: consentLimits().newAddressesPerHolder.max, hours }),
        intent,
      );
    }
  }
  return null;
}
