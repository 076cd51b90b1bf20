import type { Translate } from "~/i18n/translate";
import { count, eq } from "drizzle-orm";
import type { SessionUser } from "~/account/session.server";
import { planNameIn } from "~/billing/plans";
import type { Database } from "~/db/client.server";
import { trainingContacts, trainingPrograms } from "~/training/tables";
import { everyAddress, noticeSentence, sendNotices } from "../contact-notices.server";
import { isMinor, type ContactDetails } from "../contact-schema";
import type { HolderProgram } from "../programs.server";
import { admitNewAddresses } from "./new-addresses.server";
import { done, fail, type Outcome } from "./outcome";

/** "Add person": within the plan's limit; an adult is asked at once, a child waits for the guardian. */
export async function addContact(
  db: Database,
  user: SessionUser,
  program: HolderProgram,
  details: ContactDetails & { intent: "add" },
  t: Translate,
): Promise<Outcome> {
  const { intent: _intent, ...values } = details;
  const refusal = await admitNewAddresses(db, user, program, everyAddress(values), "add", t);
  if (refusal) return refusal;
  const added = await db.transaction(async (tx) => {
    // Lock the program row so two adds at once cannot both fit under the limit.
    await tx
      .select()
      .from(trainingPrograms)
      .where(eq(trainingPrograms.subscriptionId, program.subscriptionId))
      .for("update");
    const [{ n }] = await tx
      .select({ n: count() })
      .from(trainingContacts)
      .where(eq(trainingContacts.subscriptionId, program.subscriptionId));
    if (n >= program.limit) return null;
    const [row] = await tx
      .insert(trainingContacts)
      .values({ ...values, subscriptionId: program.subscriptionId })
      .returning();
    return row;
  });
  if (!added) {
    return fail(
      409,
      t("people.planFullTitle"),
      t("people.planFull", { plan: planNameIn(t, program.plan), count: program.limit }),
      "add",
    );
  }
  if (isMinor(added.ageBand)) {
    return done(t("people.addedTitle", { name: added.name }), t("people.addedMinor"), "add");
  }
  const run = await sendNotices(db, user.id, program, added, { resend: false });
  return done(
    t("people.addedTitle", { name: added.name }),
    t("people.addedAdult", { notices: noticeSentence(run, t) }),
    "add",
  );
}
