import type { Database } from "~/db/client.server";
import { addressStates } from "../address-consent.server";
import { addressesInUse } from "../contact-notices.server";
import type { HolderProgram } from "../programs.server";
import type { Contact } from "./outcome";

/** What the person's addresses say, for the checks before a notice or a confirmation. */
export async function consentSummary(db: Database, program: HolderProgram, contact: Contact) {
  const addresses = addressesInUse(contact);
  const states = await addressStates(
    db,
    program.subscriptionId,
    addresses.map(({ address }) => address),
  );
  const list = addresses.map(({ address }) => states.get(address)!);
  // Only a refusal of this family's own notice or message counts as "they opted out" here; an
  // address suppressed by another family's is treated as not having answered (sendNotices then
  // reports it like an address at its notice limit).
  return {
    none: list.length === 0,
    allRefusedHere: list.length > 0 && list.every((state) => state.refusedHere),
    allAgreed:
      list.length > 0 && list.every((state) => (state.confirmedAt !== null && !state.suppressed) || state.refusedHere),
  };
}
