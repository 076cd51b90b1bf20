import { and, eq, sql } from "drizzle-orm";
import { deliveriesFailingSql, failingExplanation } from "./failed-deliveries.server";
import { emailPracticeRestLine } from "./email-practice-rest";
import { latestChecks } from "./delivery-checks.server";
import { deliveryStepsFor } from "./delivery-steps";
import { practiceSendingSetup } from "~/training/library/practice-sending-setup.server";
import type { SessionUser } from "~/account/session.server";
import { hasMemberAccessNow, memberIdentity } from "~/billing/membership.server";
import { planNameIn } from "~/billing/plans";
import { getLogger } from "~/config/logger.server";
import type { Database } from "~/db/client.server";
import { addressStates, type AddressState } from "./address-consent.server";
import { importCheckoutContacts } from "./checkout-contacts.server";
import { addressesInUse, everyAddress } from "./contact-notices.server";
import { ageBandLabel, contactValidationResult, isMinor, parseTrainingAction } from "./contact-schema";
import { practiceLanguageOf } from "~/family/practice-language";
import { contactStatus, contactStatusLabel } from "./contact-status";
import { AGE_BANDS, type AgeBand } from "~/family/age-bands";
import { translatorFor, type Translate } from "~/i18n/translate";
import type { AddressView, CheckState, ContactView, TrainingPageView } from "./contact-view";
import { findHolderProgram, listContacts, type HolderProgram } from "./programs.server";
import { trainingContacts } from "~/training/tables";
import { codeWordAgreedAt } from "./code-word.server";
import { spotNoticesEnabled } from "./spot-notices.server";
import { addContact } from "./contact-actions/add-contact.server";
import { changeCodeWord, changeSpotNotices } from "./contact-actions/family-settings.server";
import { confirmAsGuardian } from "./contact-actions/guardian-consent.server";
import { fail, type Outcome } from "./contact-actions/outcome";
import { setPaused } from "./contact-actions/pause-contact.server";
import { removeContact } from "./contact-actions/remove-contact.server";
import { consentForSelf } from "./contact-actions/self-consent.server";
import { sendNotice } from "./contact-actions/send-notice.server";
import { sendTest } from "./contact-actions/send-test.server";
import { updateContact } from "./contact-actions/update-contact.server";

/**
 * The account holder's side of the Training Program (/account/training): who is enrolled, their
 * settings, and the holder's part in consent. The page is loaded here; each action is a small
 * module of its own in contact-actions/, reached through handleTrainingAction's switch. Every change is made for the holder's own
 * subscription only: a contact id from another family is "not found" and changes nothing.
 */

type Contact = typeof trainingContacts.$inferSelect;

const english = translatorFor("en");

/** Why practice messages have stopped, on a plan without access. */
function stoppedMessage(program: HolderProgram, t: Translate): string {
  return program.ended ? t("people.membershipEnded") : t("people.membershipInactive");
}

/** What the card needs to know about the family's addresses, read once for the whole page. */
interface AddressFacts {
  states: Map<string, AddressState>;
  failing: ReadonlySet<string>;
  /** Latest delivery tests, keyed "contactId:address". */
  checks: Map<string, CheckState>;
  practiceDomain: string | null;
  textSenders: readonly string[];
  /** The page's language: the holder's cards are worded in it. */
  t: Translate;
}

function addressView(contactId: string, channel: "email" | "sms", address: string, facts: AddressFacts): AddressView {
  const state = facts.states.get(address);
  const paused = facts.failing.has(address) ? failingExplanation(channel, facts.t) : null;
  const base = { channel, address, paused, resting: null, delivery: null };
  if (state?.refusedHere) return { ...base, state: "opted-out", since: null, how: null };
  // Suppressed by a refusal made to another family: shown as not answered (it has not, to this
  // family), so a stranger who adds an address never learns it refused someone else.
  if (state?.suppressed) return unanswered(base, state);
  if (state?.confirmedAt)
    return {
      ...base,
      state: "agreed",
      since: state.confirmedAt.toISOString(),
      how: state.confirmedHow,
      delivery: facts.practiceDomain
        ? {
            steps: deliveryStepsFor({
              channel,
              address,
              practiceDomain: facts.practiceDomain,
              textSenders: facts.textSenders,
              language: facts.t.locale,
            }),
            check: facts.checks.get(`${contactId}:${address}`) ?? null,
          }
        : null,
    };
  return unanswered(base, state);
}

function unanswered(
  base: Pick<AddressView, "channel" | "address" | "paused" | "resting" | "delivery">,
  state?: AddressState,
) {
  if (state?.noticeSentAt)
    return { ...base, state: "asked" as const, since: state.noticeSentAt.toISOString(), how: null };
  return { ...base, state: "waiting" as const, since: null, how: null };
}

/**
 * The family's addresses whose last practice messages failed twice in a row (failed-deliveries.server.ts),
 * in one query: each address is a row of a VALUES list, asked with its own channel's rule.
 */
async function failingAddresses(db: Database, addresses: string[]): Promise<Set<string>> {
  const unique = [...new Set(addresses)];
  const asked = sql`asked.address`;
  const byChannel = (["email", "sms"] as const)
    .map((channel) => ({ channel, list: unique.filter((address) => address.includes("@") === (channel === "email")) }))
    .filter(({ list }) => list.length > 0)
    .map(
      ({ channel, list }) =>
        sql`SELECT asked.address FROM (VALUES ${sql.join(
          list.map((address) => sql`(${address})`),
          sql`, `,
        )}) AS asked(address) WHERE ${deliveriesFailingSql(channel, asked)}`,
    );
  if (byChannel.length === 0) return new Set();
  const { rows } = (await db.execute(sql.join(byChannel, sql` UNION ALL `))) as unknown as {
    rows: { address: string }[];
  };
  return new Set(rows.map((row) => row.address));
}

function toView(contact: Contact, holderEmail: string, facts: AddressFacts): ContactView {
  const { states } = facts;
  const minor = isMinor(contact.ageBand);
  const resting = emailPracticeRestLine(contact, new Date(), facts.t);
  const addresses = addressesInUse(contact)
    .map(({ channel, address }) => addressView(contact.id, channel, address, facts))
    .map((view) => ({ ...view, resting: view.channel === "email" && !view.paused ? resting : null }));
  const status = contactStatus({
    minor,
    guardianConfirmed: contact.guardianConfirmedAt !== null,
    paused: contact.pausedAt !== null,
    addresses: addresses.map((view) => ({
      confirmed: view.state === "agreed",
      suppressed: view.state === "opted-out",
    })),
  });
  const notices = addressesInUse(contact)
    .map(({ address }) => states.get(address)?.noticeSentAt)
    .filter((value): value is Date => Boolean(value))
    .sort((a, b) => b.getTime() - a.getTime());
  return {
    id: contact.id,
    name: contact.name,
    ageBand: contact.ageBand as AgeBand,
    ageBandLabel: AGE_BANDS.includes(contact.ageBand as AgeBand)
      ? ageBandLabel(contact.ageBand as AgeBand, facts.t)
      : contact.ageBand,
    email: contact.email,
    phone: contact.phone,
    emailEnabled: contact.emailEnabled,
    smsEnabled: contact.smsEnabled,
    timeZone: contact.timeZone,
    language: practiceLanguageOf(contact.language),
    status,
    statusLabel: contactStatusLabel(status, facts.t),
    minor,
    ageBandSet: contact.ageBandSet,
    isHolder: contact.email !== null && contact.email.toLowerCase() === holderEmail.toLowerCase(),
    guardianConfirmedAt: contact.guardianConfirmedAt?.toISOString() ?? null,
    addresses,
    noticeSentAt: notices[0]?.toISOString() ?? null,
  };
}

/**
 * What /account/training shows. The first visit while the membership gives access copies the
 * checkout people in (once; see importCheckoutContacts).
 */
export async function loadTrainingPage(
  db: Database,
  user: SessionUser,
  now = new Date(),
  t: Translate = english,
): Promise<TrainingPageView> {
  return (await loadTrainingPageAndFamily(db, user, now, t)).view;
}

/** The holder's program and people as the page read them, for the results shown beside it. */
export interface LoadedFamily {
  program: HolderProgram;
  contacts: Contact[];
}

/** The page's view, and (for a holder) the program and people it read, so they are read once. */
export async function loadTrainingPageAndFamily(
  db: Database,
  user: SessionUser,
  now = new Date(),
  t: Translate = english,
): Promise<{ view: TrainingPageView; family: LoadedFamily | null }> {
  const program = await findHolderProgram(db, user.id, now);
  if (!program) {
    const view: TrainingPageView = (await hasMemberAccessNow(db, memberIdentity(user), now))
      ? { kind: "family-member" }
      : { kind: "not-member" };
    return { view, family: null };
  }
  if (program.access) await importCheckoutContacts(db, program.subscriptionId);
  const contacts = await listContacts(db, program.subscriptionId);
  const addresses = contacts.flatMap(everyAddress);
  // Independent reads, asked at once: the page waits for the slowest, not for their sum.
  const [states, failing, checks, spotNotices, codeWord] = await Promise.all([
    addressStates(db, program.subscriptionId, addresses),
    failingAddresses(db, addresses),
    latestChecks(
      db,
      contacts.map((contact) => contact.id),
    ),
    spotNoticesEnabled(db, program.subscriptionId),
    codeWordAgreedAt(db, program.subscriptionId),
  ]);
  const facts: AddressFacts = {
    states,
    failing,
    checks,
    practiceDomain: practiceSendingSetup()?.mailDomain ?? null,
    textSenders: practiceSendingSetup()?.textSenders ?? [],
    t,
  };
  const view: TrainingPageView = {
    kind: "program",
    planName: planNameIn(t, program.plan),
    limit: program.limit,
    access: program.access,
    stoppedMessage: program.access ? null : stoppedMessage(program, t),
    contacts: contacts.map((contact) => toView(contact, user.email, facts)),
    spotNotices,
    codeWordAgreedAt: codeWord?.toISOString() ?? null,
  };
  return { view, family: { program, contacts } };
}

/** The whole action path: who is asking, what they sent, whose contact it is, then the change. */
export async function handleTrainingAction(
  db: Database,
  user: SessionUser,
  raw: Record<string, unknown>,
  t: Translate = english,
): Promise<Outcome> {
  const program = await findHolderProgram(db, user.id);
  if (!program) return fail(404, t("people.notFoundTitle"), t("people.noProgram"));
  if (!program.access)
    return fail(
      403,
      t("people.notActiveTitle"),
      t("people.nothingChangedAfter", { reason: stoppedMessage(program, t) }),
    );
  const parsed = parseTrainingAction(raw, t);
  if (!parsed.success) {
    const result = contactValidationResult(parsed.error, t);
    return {
      status: 400,
      result: { ...result, intent: typeof raw.intent === "string" ? raw.intent.slice(0, 40) : undefined },
    };
  }
  const action = parsed.data;
  await importCheckoutContacts(db, program.subscriptionId);
  try {
    if (action.intent === "add") return await addContact(db, user, program, action, t);
    if (action.intent === "spot-notices") return await changeSpotNotices(db, program, action.enabled, t);
    if (action.intent === "code-word") return await changeCodeWord(db, program, action.agreedAt, t);
    const [contact] = await db
      .select()
      .from(trainingContacts)
      .where(
        and(eq(trainingContacts.id, action.contactId), eq(trainingContacts.subscriptionId, program.subscriptionId)),
      );
    if (!contact) return fail(404, t("people.notFoundTitle"), t("people.notFound"), action.intent);
    switch (action.intent) {
      case "update":
        return await updateContact(db, user, program, contact, action, t);
      case "pause":
        return await setPaused(db, contact, true, t);
      case "resume":
        return await setPaused(db, contact, false, t);
      case "remove":
        return await removeContact(db, program, contact, t);
      case "send-notice":
        return await sendNotice(db, user, program, contact, t);
      case "guardian-consent":
        return await confirmAsGuardian(db, user, program, contact, t);
      case "self-consent":
        return await consentForSelf(db, user, program, contact, t);
      case "send-test":
        return await sendTest(db, contact, action.channel, t);
    }
  } catch (error) {
    getLogger().error({ err: error, intent: action.intent }, "training contact action failed");
    return fail(503, t("people.errorTitle"), t("people.error"), action.intent);
  }
}
