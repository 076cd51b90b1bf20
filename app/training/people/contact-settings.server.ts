import { and, count, eq, isNull, sql } from "drizzle-orm";
import { deliveriesFailingSql, failingExplanation } from "./failed-deliveries.server";
import { emailPracticeRestLine } from "./email-practice-rest";
import { latestChecks, sendDeliveryCheck } from "./delivery-checks.server";
import { deliveryStepsFor } from "./delivery-steps";
import { practiceSendingSetup } from "~/training/library/practice-sending-setup.server";
import type { SessionUser } from "~/account/session.server";
import { hasMemberAccessNow, memberIdentity } from "~/billing/membership.server";
import { PLANS } from "~/billing/plans";
import { getLogger } from "~/config/logger.server";
import type { Database } from "~/db/client.server";
import {
  addressStates,
  confirmAddress,
  consentLimits,
  countNewAddress,
  ensureAddressConsent,
  isAddressSuppressed,
  normaliseAddress,
  type AddressState,
} from "./address-consent.server";
import { importCheckoutContacts } from "./checkout-contacts.server";
import {
  NOTICE_HELD_TITLE,
  addressesInUse,
  channelWords,
  everyAddress,
  noticeHeldMessage,
  noticeSentence,
  sendNotices,
} from "./contact-notices.server";
import {
  cancelPlannedMessages,
  deleteFamilyMemberMessages,
  forgetUnusedAddressesAndNotices,
} from "./contact-changes.server";
import {
  AGE_BAND_LABELS,
  contactValidationResult,
  isMinor,
  parseTrainingAction,
  type ContactDetails,
  type TrainingResult,
} from "./contact-schema";
import { practiceLanguageOf } from "./practice-language";
import { CONTACT_STATUS_LABELS, OPTED_OUT_EXPLANATION, contactStatus } from "./contact-status";
import type { AgeBand } from "~/training/library/practice-scenario-schema";
import type { AddressView, CheckState, ContactView, TrainingPageView } from "./contact-view";
import { findHolderProgram, listContacts, type HolderProgram } from "./programs.server";
import { trainingContacts, trainingPrograms } from "~/training/tables";
import { spotNoticesSaved } from "./spot-notices";
import { codeWordSaved } from "./code-word";
import { codeWordAgreedAt, setCodeWord } from "./code-word.server";
import { setSpotNotices, spotNoticesEnabled } from "./spot-notices.server";

/**
 * The account holder's side of the Training Program (/account/training): who is enrolled, their
 * settings, and the holder's part in consent. Every change is made for the holder's own
 * subscription only: a contact id from another family is "not found" and changes nothing.
 */

type Contact = typeof trainingContacts.$inferSelect;

export const ENDED_MESSAGE = "Your membership has ended; practice messages have stopped.";
export const INACTIVE_MESSAGE =
  "Your membership is not active right now (a payment may be due); practice messages have stopped until it is.";

/** What the card needs to know about the family's addresses, read once for the whole page. */
interface AddressFacts {
  states: Map<string, AddressState>;
  failing: ReadonlySet<string>;
  /** Latest delivery tests, keyed "contactId:address". */
  checks: Map<string, CheckState>;
  practiceDomain: string | null;
  textSenders: readonly string[];
}

function addressView(contactId: string, channel: "email" | "sms", address: string, facts: AddressFacts): AddressView {
  const state = facts.states.get(address);
  const paused = facts.failing.has(address) ? failingExplanation(channel) : null;
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
  const resting = emailPracticeRestLine(contact, new Date());
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
    ageBandLabel: AGE_BAND_LABELS[contact.ageBand as AgeBand] ?? contact.ageBand,
    email: contact.email,
    phone: contact.phone,
    emailEnabled: contact.emailEnabled,
    smsEnabled: contact.smsEnabled,
    timeZone: contact.timeZone,
    language: practiceLanguageOf(contact.language),
    status,
    statusLabel: CONTACT_STATUS_LABELS[status],
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
export async function loadTrainingPage(db: Database, user: SessionUser, now = new Date()): Promise<TrainingPageView> {
  return (await loadTrainingPageAndFamily(db, user, now)).view;
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
  };
  const view: TrainingPageView = {
    kind: "program",
    planName: PLANS[program.plan].name,
    limit: program.limit,
    access: program.access,
    stoppedMessage: program.access ? null : program.ended ? ENDED_MESSAGE : INACTIVE_MESSAGE,
    contacts: contacts.map((contact) => toView(contact, user.email, facts)),
    spotNotices,
    codeWordAgreedAt: codeWord?.toISOString() ?? null,
  };
  return { view, family: { program, contacts } };
}

type Outcome = { status: number; result: TrainingResult };

const fail = (status: number, title: string, message: string, intent?: string): Outcome => ({
  status,
  result: { ok: false, title, message, ...(intent ? { intent } : {}) },
});
const done = (title: string, message: string, intent: string): Outcome => ({
  status: 200,
  result: { ok: true, title, message, intent },
});

const NOT_FOUND = "We could not find that person in your Training Program. Nothing was changed.";

/** The whole action path: who is asking, what they sent, whose contact it is, then the change. */
export async function handleTrainingAction(
  db: Database,
  user: SessionUser,
  raw: Record<string, unknown>,
): Promise<Outcome> {
  const program = await findHolderProgram(db, user.id);
  if (!program) return fail(404, "Not found", "There is no Training Program on this account. Nothing was changed.");
  if (!program.access)
    return fail(
      403,
      "Membership not active",
      `${program.ended ? ENDED_MESSAGE : INACTIVE_MESSAGE} Nothing was changed.`,
    );
  const parsed = parseTrainingAction(raw);
  if (!parsed.success) {
    const result = contactValidationResult(parsed.error);
    return {
      status: 400,
      result: { ...result, intent: typeof raw.intent === "string" ? raw.intent.slice(0, 40) : undefined },
    };
  }
  const action = parsed.data;
  await importCheckoutContacts(db, program.subscriptionId);
  try {
    if (action.intent === "add") return await addContact(db, user, program, action);
    if (action.intent === "spot-notices") return await changeSpotNotices(db, program, action.enabled);
    if (action.intent === "code-word") return await changeCodeWord(db, program, action.agreedAt);
    const [contact] = await db
      .select()
      .from(trainingContacts)
      .where(
        and(eq(trainingContacts.id, action.contactId), eq(trainingContacts.subscriptionId, program.subscriptionId)),
      );
    if (!contact) return fail(404, "Not found", NOT_FOUND, action.intent);
    switch (action.intent) {
      case "update":
        return await updateContact(db, user, program, contact, action);
      case "pause":
        return await setPaused(db, contact, true);
      case "resume":
        return await setPaused(db, contact, false);
      case "remove":
        return await removeContact(db, program, contact);
      case "send-notice":
        return await sendNotice(db, user, program, contact);
      case "guardian-consent":
        return await confirmAsGuardian(db, user, program, contact);
      case "self-consent":
        return await consentForSelf(db, user, program, contact);
      case "send-test":
        return await sendTest(db, contact, action.channel);
    }
  } catch (error) {
    getLogger().error({ err: error, intent: action.intent }, "training contact action failed");
    return fail(503, "Something went wrong", "We could not save that. Please try again in a moment.", action.intent);
  }
}

/** The family code word note, for the holder's own program only (never the word: code-word.ts). */
async function changeCodeWord(db: Database, program: HolderProgram, agreedAt: Date | null): Promise<Outcome> {
  if (!(await setCodeWord(db, program.subscriptionId, agreedAt)))
    return fail(409, "Nothing was changed", "Please reload the page and try again.", "code-word");
  const { title, message } = codeWordSaved(agreedAt);
  return done(title, message, "code-word");
}

/** "Tell me when someone spots one", for the holder's own program only (found from their account above). */
async function changeSpotNotices(db: Database, program: HolderProgram, enabled: boolean): Promise<Outcome> {
  if (!(await setSpotNotices(db, program.subscriptionId, enabled)))
    return fail(409, "Nothing was changed", "Please reload the page and try again.", "spot-notices");
  const { title, message } = spotNoticesSaved(enabled);
  return done(title, message, "spot-notices");
}

/**
 * Addresses this change brings into the family that no one in it had: each counts against the
 * holder's daily limit of new addresses. Returns a refusal when the limit is reached.
 */
async function admitNewAddresses(
  db: Database,
  user: SessionUser,
  program: HolderProgram,
  addresses: string[],
  intent: string,
): Promise<Outcome | null> {
  const family = new Set((await listContacts(db, program.subscriptionId)).flatMap(everyAddress));
  for (const address of new Set(addresses.map(normaliseAddress))) {
    if (family.has(address)) continue;
    const limit = await countNewAddress(db, user.id);
    if (!limit.allowed) {
      const hours = Math.max(1, Math.ceil(limit.retryAfterSeconds / 3600));
      return fail(
        429,
        "Too many new addresses today",
        `You have entered ${consentLimits().newAddressesPerHolder.max} new email addresses and phone numbers today, the most we allow in a day. Please try again in ${hours} hour${hours === 1 ? "" : "s"}. Nothing was changed.`,
        intent,
      );
    }
  }
  return null;
}

async function addContact(
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

async function updateContact(
  db: Database,
  user: SessionUser,
  program: HolderProgram,
  contact: Contact,
  details: ContactDetails & { intent: "update"; contactId: string },
): Promise<Outcome> {
  const { intent: _intent, contactId: _id, ...values } = details;
  const before = new Set(everyAddress(contact));
  const after = everyAddress(values);
  const newAddress = after.some((address) => !before.has(address)) || after.length !== before.size;
  const refusal = await admitNewAddresses(
    db,
    user,
    program,
    after.filter((address) => !before.has(address)),
    "update",
  );
  if (refusal) return refusal;
  const crossedAgeGroup = isMinor(values.ageBand) !== isMinor(contact.ageBand);
  const nowMinor = isMinor(values.ageBand);
  const scheduleChanged =
    newAddress ||
    crossedAgeGroup ||
    values.timeZone !== contact.timeZone ||
    values.ageBand !== contact.ageBand ||
    // A message planned in the old language is planned again in the new one.
    values.language !== contact.language ||
    values.emailEnabled !== contact.emailEnabled ||
    values.smsEnabled !== contact.smsEnabled;
  const updated = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [row] = await tx
      .update(trainingContacts)
      .set({
        ...values,
        // Saving the form is the holder choosing the age group.
        ageBandSet: true,
        // Moving between child/teen and adult starts the guardian's part over.
        ...(crossedAgeGroup ? { guardianConfirmedAt: null, guardianUserId: null } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(trainingContacts.id, contact.id), eq(trainingContacts.subscriptionId, program.subscriptionId)))
      .returning();
    if (!row) return null;
    // Anything planned was planned for the old settings; the scheduler plans again.
    if (scheduleChanged) await cancelPlannedMessages(tx, contact.id, "settings changed");
    // An address no one in the family has now is forgotten: its yes does not move with the person.
    if (newAddress) await forgetUnusedAddressesAndNotices(tx, program.subscriptionId);
    return row;
  });
  if (!updated) return fail(404, "Not found", NOT_FOUND, "update");

  const title = `Saved ${updated.name}'s settings`;
  if (nowMinor && updated.guardianConfirmedAt === null) {
    return done(
      title,
      "Confirm on their card that you are their parent or guardian before any practice message is sent.",
      "update",
    );
  }
  // Only an address new to this person is asked at once; the others wait for "Send the notice"
  // (people copied from checkout are checked by the holder first).
  const added = after.filter((address) => !before.has(address));
  if (added.length === 0) return done(title, "Your changes were saved.", "update");
  const run = await sendNotices(db, user.id, program, updated, { resend: false, only: added });
  if (run.sent.length === 0 && !run.suppressed && !run.limited)
    return done(title, "Your changes were saved.", "update");
  return done(title, `Your changes were saved. ${noticeSentence(run)}`, "update");
}

async function setPaused(db: Database, contact: Contact, pause: boolean): Promise<Outcome> {
  await db.transaction(async (tx) => {
    await tx
      .update(trainingContacts)
      .set({ pausedAt: pause ? sql`now()` : null, updatedAt: sql`now()` })
      .where(and(eq(trainingContacts.id, contact.id), pause ? isNull(trainingContacts.pausedAt) : sql`true`));
    if (pause) await cancelPlannedMessages(tx as unknown as Database, contact.id, "paused");
  });
  return pause
    ? done(`Paused ${contact.name}`, "No practice messages are sent to them until you resume.", "pause")
    : done(`Resumed ${contact.name}`, "Practice messages will start again (once they have agreed to them).", "resume");
}

async function removeContact(db: Database, program: HolderProgram, contact: Contact): Promise<Outcome> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    await cancelPlannedMessages(tx, contact.id, "removed");
    // Everything the family sent them goes from the outbox too (sent or still waiting), notices included.
    await deleteFamilyMemberMessages(tx, contact.id);
    await tx.delete(trainingContacts).where(eq(trainingContacts.id, contact.id));
    await forgetUnusedAddressesAndNotices(tx, program.subscriptionId);
  });
  return done(
    `Removed ${contact.name}`,
    "They will get no more practice messages, and their consent links no longer work.",
    "remove",
  );
}

/** "Send a test" on a person's card: a plain check message to one of their addresses that said yes. */
async function sendTest(db: Database, contact: Contact, channel: "email" | "sms"): Promise<Outcome> {
  const outcome = await sendDeliveryCheck(db, { contact, channel, requestedBy: "holder" });
  return outcome.ok
    ? done(outcome.title, outcome.message, "send-test")
    : fail(outcome.status, outcome.title, outcome.message, "send-test");
}

/** What the person's addresses say, for the checks before a notice or a confirmation. */
async function consentSummary(db: Database, program: HolderProgram, contact: Contact) {
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

async function sendNotice(db: Database, user: SessionUser, program: HolderProgram, contact: Contact): Promise<Outcome> {
  // A child must never get the adult notice: no notice before their age group is chosen.
  if (!contact.ageBandSet) {
    return fail(
      409,
      "Choose their age group first",
      `Edit ${contact.name} and choose their age group: children and teens get a notice written for them, after you confirm as their parent or guardian.`,
      "send-notice",
    );
  }
  const summary = await consentSummary(db, program, contact);
  if (summary.none) {
    return fail(409, "No way to reach them", `Turn on emails or texts for ${contact.name} first.`, "send-notice");
  }
  if (summary.allRefusedHere) {
    return fail(
      409,
      "They opted out",
      `${OPTED_OUT_EXPLANATION}. Only they can change that, from a link we send to their own address.`,
      "send-notice",
    );
  }
  if (isMinor(contact.ageBand) && contact.guardianConfirmedAt === null) {
    return fail(
      409,
      "Your confirmation comes first",
      `Confirm that you are ${contact.name}'s parent or guardian first.`,
      "send-notice",
    );
  }
  if (summary.allAgreed) {
    return fail(409, "Already agreed", `${contact.name} already said yes to practice messages.`, "send-notice");
  }
  const run = await sendNotices(db, user.id, program, contact, { resend: true });
  if (run.sent.length === 0 && run.limited) {
    // One answer for a notice limit and for an address another family's notice was refused by:
    // the holder must not be able to tell them apart (docs/decisions/025, issue #33).
    return fail(429, NOTICE_HELD_TITLE, noticeHeldMessage(contact.name), "send-notice");
  }
  return done("Notice sent", `We sent ${contact.name} ${channelWords(run.sent)}.`, "send-notice");
}

/**
 * The parent or guardian agrees for a child or teen. Paying by card is one of the ways COPPA
 * (16 CFR 312.5(b)) accepts for a parent to give verifiable consent; we record who confirmed
 * (their user id) and when. The child's own addresses still say "Yes, I'm in" themselves.
 */
async function confirmAsGuardian(
  db: Database,
  user: SessionUser,
  program: HolderProgram,
  contact: Contact,
): Promise<Outcome> {
  if (!isMinor(contact.ageBand)) {
    return fail(
      409,
      "Adults say yes themselves",
      `${contact.name} is an adult, so they say yes themselves from the link in their notice.`,
      "guardian-consent",
    );
  }
  const summary = await consentSummary(db, program, contact);
  if (summary.allRefusedHere) {
    return fail(409, "They opted out", `${OPTED_OUT_EXPLANATION}. Only they can change that.`, "guardian-consent");
  }
  if (contact.guardianConfirmedAt)
    return done(
      "Already confirmed",
      `You already agreed to practice messages for ${contact.name}.`,
      "guardian-consent",
    );
  const [row] = await db
    .update(trainingContacts)
    .set({ guardianConfirmedAt: sql`now()`, guardianUserId: user.id, updatedAt: sql`now()` })
    .where(and(eq(trainingContacts.id, contact.id), isNull(trainingContacts.guardianConfirmedAt)))
    .returning();
  if (!row) return fail(409, "Nothing was changed", "Please reload the page and try again.", "guardian-consent");
  const run = await sendNotices(db, user.id, program, row, { resend: true });
  return done(
    "Thank you",
    `${contact.name} starts once they say "Yes, I'm in" from the notice (you can press it with them). ${noticeSentence(run)}`,
    "guardian-consent",
  );
}

/**
 * The account holder's own entry: their account email counts as said yes once they have proved
 * they read it (better-auth's emailVerified). A phone on their entry is asked like anyone's (a
 * notice text: its link or a YES reply).
 */
async function consentForSelf(
  db: Database,
  user: SessionUser,
  program: HolderProgram,
  contact: Contact,
): Promise<Outcome> {
  const ownEmail = user.email.toLowerCase();
  if (contact.email === null || contact.email.toLowerCase() !== ownEmail || isMinor(contact.ageBand)) {
    return fail(
      403,
      "Only they can say yes",
      `${contact.name} says yes themselves, from the link in their notice.`,
      "self-consent",
    );
  }
  if (!user.emailVerified) {
    return fail(
      403,
      "Confirm your email address first",
      `Open the link in the confirmation email we sent to ${user.email} (My Account can send a new one), then say yes here.`,
      "self-consent",
    );
  }
  if (await isAddressSuppressed(db, ownEmail)) {
    return fail(
      409,
      "You asked us to stop",
      "This address asked not to get practice messages. To start again, ask for a link on the page “Get practice messages again” (/training/opt-in).",
      "self-consent",
    );
  }
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const consent = await ensureAddressConsent(tx, program.subscriptionId, ownEmail);
    await confirmAddress(tx, consent.id, "account-email");
  });
  const run = await sendNotices(db, user.id, program, contact, { resend: false });
  const phone = run.sent.includes("sms")
    ? " We sent your phone a text: reply YES to it to get practice texts too."
    : "";
  return done("You're in", `You will get at most one practice message a week.${phone}`, "self-consent");
}
