import { count, eq } from "drizzle-orm";
import type { SessionUser } from "~/account/session.server";
import { PLANS } from "~/billing/plans";
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
): Promise<Outcome> {
  const { intent: _intent, ...values } = details;
  const refusal = await admitNewAddresses(db, user, program, everyAddress(values), "add");
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
    const people = program.limit === 1 ? "1 person" : `${program.limit} people`;
    return fail(
      409,
      "Your plan is full",
      `Your ${PLANS[program.plan].name} plan covers ${people}. Remove someone before adding another person.`,
      "add",
    );
  }
  if (isMinor(added.ageBand)) {
    return done(
      `${added.name} was added`,
      'Nothing is sent yet: confirm on their card that you are their parent or guardian, then they say "Yes, I\'m in" from the notice we send them.',
      "add",
    );
  }
  const run = await sendNotices(db, user.id, program, added, { resend: false });
  return done(
    `${added.name} was added`,
    `Nothing is sent until they say yes to practice messages. ${noticeSentence(run)}`,
    "add",
  );
}
