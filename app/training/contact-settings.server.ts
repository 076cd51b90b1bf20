import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import type { SessionUser } from "~/account/session.server";
import { hasMemberAccessNow, memberIdentity } from "~/billing/membership.server";
import { PLANS, isPaidPlanId, type PaidPlanId } from "~/billing/plans";
import { findAccountSubscription } from "~/billing/subscription.server";
import { subscriptionEnd } from "~/billing/subscription-view";
import { getLogger } from "~/config/logger.server";
import type { Database } from "~/db/client.server";
import { notifyOutbox } from "~/mail/mailer.server";
import { hitLimit, type LimitRule } from "~/security/request-limits.server";
import { importCheckoutContacts, newConsentToken } from "./checkout-contacts.server";
import { cancelPlannedMessages } from "./contact-changes.server";
import {
  AGE_BAND_LABELS,
  contactValidationResult,
  isMinor,
  parseTrainingAction,
  type ContactDetails,
  type TrainingResult,
} from "./contact-schema";
import { CONTACT_STATUS_LABELS, contactStatus } from "./contact-status";
import { queueNotice, type NoticeChannel } from "./consent.server";
import { deleteFamilyMemberMessages } from "./family-member-data.server";
import type { AgeBand } from "./practice-scenario-schema";
import type { ContactView, TrainingPageView } from "./contact-view";
import { trainingContacts, trainingPrograms } from "./tables";

/**
 * The account holder's side of the Training Program (/account/training): who is enrolled, their
 * settings, and the holder's part in consent. Every change is made for the holder's own
 * subscription only: a contact id from another family is "not found" and changes nothing.
 */

type Contact = typeof trainingContacts.$inferSelect;

export const NOTICE_LIMITS = {
  /** Notices (first, resent, or after an address change) to one person. */
  perContact: { max: 3, windowSeconds: 24 * 60 * 60 },
  /** Notices one account holder can cause in a day, whoever they go to. */
  perHolder: { max: 20, windowSeconds: 24 * 60 * 60 },
} satisfies Record<string, LimitRule>;

export const ENDED_MESSAGE = "Your membership has ended; practice messages have stopped.";
export const INACTIVE_MESSAGE =
  "Your membership is not active right now (a payment may be due); practice messages have stopped until it is.";

export interface HolderProgram {
  subscriptionId: string;
  plan: PaidPlanId;
  holderName: string;
  access: boolean;
  ended: boolean;
  /** How many people the plan covers, the holder included. */
  limit: number;
}

/** The Training Program of the subscription this account paid for (its newest), or null. */
export async function findHolderProgram(db: Database, userId: string, now = new Date()): Promise<HolderProgram | null> {
  const row = await findAccountSubscription(db, userId);
  if (!row || !isPaidPlanId(row.subscription.plan)) return null;
  const access = await hasMemberAccessNow(db, { userId }, now);
  return {
    subscriptionId: row.subscription.id,
    plan: row.subscription.plan,
    holderName: row.customer.name,
    access,
    ended: subscriptionEnd(row.subscription, now).ended,
    limit: PLANS[row.subscription.plan].people,
  };
}

function toView(contact: Contact, holderEmail: string): ContactView {
  const status = contactStatus(contact);
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
    status,
    statusLabel: CONTACT_STATUS_LABELS[status],
    minor: isMinor(contact.ageBand),
    isHolder: contact.email !== null && contact.email === holderEmail.toLowerCase(),
    noticeSentAt: contact.noticeSentAt?.toISOString() ?? null,
    consentGivenAt: contact.consentGivenAt?.toISOString() ?? null,
    consentMethod: contact.consentMethod,
  };
}

export async function listContacts(db: Database, subscriptionId: string): Promise<Contact[]> {
  return db
    .select()
    .from(trainingContacts)
    .where(eq(trainingContacts.subscriptionId, subscriptionId))
    .orderBy(asc(sql`coalesce(${trainingContacts.checkoutPosition}, 99)`), asc(trainingContacts.createdAt));
}

/**
 * What /account/training shows. The first visit while the membership gives access copies the
 * checkout people in (once; see importCheckoutContacts).
 */
export async function loadTrainingPage(db: Database, user: SessionUser, now = new Date()): Promise<TrainingPageView> {
  const program = await findHolderProgram(db, user.id, now);
  if (!program) {
    return (await hasMemberAccessNow(db, memberIdentity(user), now))
      ? { kind: "family-member" }
      : { kind: "not-member" };
  }
  if (program.access) await importCheckoutContacts(db, program.subscriptionId);
  const contacts = await listContacts(db, program.subscriptionId);
  return {
    kind: "program",
    planName: PLANS[program.plan].name,
    limit: program.limit,
    access: program.access,
    stoppedMessage: program.access ? null : program.ended ? ENDED_MESSAGE : INACTIVE_MESSAGE,
    contacts: contacts.map((contact) => toView(contact, user.email)),
  };
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
        return await removeContact(db, contact);
      case "send-notice":
        return await sendNotice(db, user, program, contact);
      case "guardian-consent":
        return await confirmAsGuardian(db, user, program, contact);
      case "self-consent":
        return await consentForSelf(db, user, contact);
    }
  } catch (error) {
    getLogger().error({ err: error, intent: action.intent }, "training contact action failed");
    return fail(503, "Something went wrong", "We could not save that. Please try again in a moment.", action.intent);
  }
}

/** Checks both notice limits; true when one more notice may go out. */
async function noticeAllowed(
  db: Database,
  user: SessionUser,
  contactId: string,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const [byContact, byHolder] = await Promise.all([
    hitLimit(db, `training-notice:contact:${contactId}`, NOTICE_LIMITS.perContact),
    hitLimit(db, `training-notice:holder:${user.id}`, NOTICE_LIMITS.perHolder),
  ]);
  return {
    allowed: byContact.allowed && byHolder.allowed,
    retryAfterSeconds: Math.max(
      byContact.allowed ? 0 : byContact.retryAfterSeconds,
      byHolder.allowed ? 0 : byHolder.retryAfterSeconds,
    ),
  };
}

function channelWords(channels: NoticeChannel[]) {
  return channels.map((channel) => (channel === "email" ? "an email" : "a text")).join(" and ");
}

/**
 * After a change that calls for a notice: sends it when the limits allow, inside a transaction of
 * its own (the change itself is already saved). Returns a sentence for the result message.
 */
async function noticeAfterChange(
  db: Database,
  user: SessionUser,
  program: HolderProgram,
  contactId: string,
): Promise<string> {
  const limit = await noticeAllowed(db, user, contactId);
  if (!limit.allowed)
    return "We have sent this person several notices today, so we did not send another; you can resend it tomorrow.";
  const { outboxIds, channels } = await db.transaction(async (tx) => {
    const [fresh] = await tx.select().from(trainingContacts).where(eq(trainingContacts.id, contactId));
    return fresh ? queueNotice(tx as unknown as Database, fresh, program.holderName) : { outboxIds: [], channels: [] };
  });
  await notifyOutbox(outboxIds);
  if (channels.length === 0) return "Turn on emails or texts for them so we can send their notice.";
  return `We sent them ${channelWords(channels)}.`;
}

async function addContact(
  db: Database,
  user: SessionUser,
  program: HolderProgram,
  details: ContactDetails & { intent: "add" },
): Promise<Outcome> {
  const { intent: _intent, ...values } = details;
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
      .values({ ...values, subscriptionId: program.subscriptionId, consentToken: newConsentToken() })
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
      "Nothing is sent yet: confirm below that you are their parent or guardian to start their practice messages.",
      "add",
    );
  }
  const notice = await noticeAfterChange(db, user, program, added.id);
  return done(`${added.name} was added`, `Nothing is sent until they say yes to practice messages. ${notice}`, "add");
}

async function updateContact(
  db: Database,
  user: SessionUser,
  program: HolderProgram,
  contact: Contact,
  details: ContactDetails & { intent: "update"; contactId: string },
): Promise<Outcome> {
  const { intent: _intent, contactId: _id, ...values } = details;
  const newAddress =
    (values.email !== null && values.email !== contact.email) ||
    (values.phone !== null && values.phone !== contact.phone);
  const crossedAgeGroup = isMinor(values.ageBand) !== isMinor(contact.ageBand);
  const nowMinor = isMinor(values.ageBand);
  // A new address never receives messages it did not agree to: an adult's consent starts over,
  // with a new link (the old one stops working). A guardian's confirmation for a child stays
  // valid; moving between child and adult starts over either way.
  const resetConsent = crossedAgeGroup || (!nowMinor && newAddress);
  const scheduleChanged =
    resetConsent ||
    values.timeZone !== contact.timeZone ||
    values.ageBand !== contact.ageBand ||
    values.emailEnabled !== contact.emailEnabled ||
    values.smsEnabled !== contact.smsEnabled ||
    newAddress;
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(trainingContacts)
      .set({
        ...values,
        ...(resetConsent
          ? {
              consentGivenAt: null,
              consentMethod: null,
              consentBy: null,
              consentToken: newConsentToken(),
              noticeSentAt: null,
            }
          : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(trainingContacts.id, contact.id), eq(trainingContacts.subscriptionId, program.subscriptionId)))
      .returning();
    // Anything planned was planned for the old settings; the scheduler plans again.
    if (row && scheduleChanged) await cancelPlannedMessages(tx as unknown as Database, contact.id, "settings changed");
    return row;
  });
  if (!updated) return fail(404, "Not found", NOT_FOUND, "update");

  const title = `Saved ${updated.name}'s settings`;
  if (updated.optedOutAt)
    return done(
      title,
      "They have opted out, so nothing is sent to them unless they opt in again themselves.",
      "update",
    );
  if (!nowMinor && resetConsent) {
    const notice = await noticeAfterChange(db, user, program, updated.id);
    return done(title, `They need to say yes again before any practice message is sent. ${notice}`, "update");
  }
  if (nowMinor && resetConsent) {
    return done(
      title,
      "Confirm below that you are their parent or guardian before any practice message is sent.",
      "update",
    );
  }
  if (nowMinor && newAddress && updated.consentGivenAt) {
    const notice = await noticeAfterChange(db, user, program, updated.id);
    return done(title, `Your confirmation still stands. ${notice}`, "update");
  }
  return done(title, "Your changes were saved.", "update");
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

async function removeContact(db: Database, contact: Contact): Promise<Outcome> {
  await db.transaction(async (tx) => {
    await cancelPlannedMessages(tx as unknown as Database, contact.id, "removed");
    // Their practice messages and summaries in the outbox go too (sent or still waiting).
    await deleteFamilyMemberMessages(tx as unknown as Database, contact.id);
    await tx.delete(trainingContacts).where(eq(trainingContacts.id, contact.id));
  });
  return done(
    `Removed ${contact.name}`,
    "They will get no more practice messages, and their consent link no longer works.",
    "remove",
  );
}

async function sendNotice(db: Database, user: SessionUser, program: HolderProgram, contact: Contact): Promise<Outcome> {
  if (contact.optedOutAt) {
    return fail(
      409,
      "They opted out",
      `${contact.name} asked us to stop. Only they can opt in again, from the link in their notice.`,
      "send-notice",
    );
  }
  if (isMinor(contact.ageBand) && !contact.consentGivenAt) {
    return fail(
      409,
      "Your confirmation comes first",
      `Confirm that you are ${contact.name}'s parent or guardian first.`,
      "send-notice",
    );
  }
  if (!isMinor(contact.ageBand) && contact.consentGivenAt) {
    return fail(409, "Already agreed", `${contact.name} already said yes to practice messages.`, "send-notice");
  }
  if (!(contact.email && contact.emailEnabled) && !(contact.phone && contact.smsEnabled)) {
    return fail(409, "No way to reach them", `Turn on emails or texts for ${contact.name} first.`, "send-notice");
  }
  const limit = await noticeAllowed(db, user, contact.id);
  if (!limit.allowed) {
    const hours = Math.max(1, Math.ceil(limit.retryAfterSeconds / 3600));
    return fail(
      429,
      "Too many notices",
      `We have sent ${contact.name} several notices already. Please try again in ${hours} hour${hours === 1 ? "" : "s"}.`,
      "send-notice",
    );
  }
  const { outboxIds, channels } = await db.transaction(async (tx) =>
    queueNotice(tx as unknown as Database, contact, program.holderName),
  );
  await notifyOutbox(outboxIds);
  return done("Notice sent", `We sent ${contact.name} ${channelWords(channels)}.`, "send-notice");
}

/**
 * The parent or guardian agrees for a child or teen. Paying by card is one of the ways COPPA
 * (16 CFR 312.5(b)) accepts for a parent to give verifiable consent; we record who confirmed
 * (their user id) and when.
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
  if (contact.optedOutAt) {
    return fail(
      409,
      "They opted out",
      `${contact.name} asked us to stop. Only they can opt in again.`,
      "guardian-consent",
    );
  }
  if (contact.consentGivenAt)
    return done(
      "Already confirmed",
      `You already agreed to practice messages for ${contact.name}.`,
      "guardian-consent",
    );
  const rows = await db
    .update(trainingContacts)
    .set({ consentGivenAt: sql`now()`, consentMethod: "guardian", consentBy: user.id, updatedAt: sql`now()` })
    .where(
      and(
        eq(trainingContacts.id, contact.id),
        isNull(trainingContacts.consentGivenAt),
        isNull(trainingContacts.optedOutAt),
      ),
    )
    .returning({ id: trainingContacts.id });
  if (rows.length === 0)
    return fail(409, "Nothing was changed", "Please reload the page and try again.", "guardian-consent");
  const notice = await noticeAfterChange(db, user, program, contact.id);
  return done("Thank you", `${contact.name} will start getting practice messages. ${notice}`, "guardian-consent");
}

/** The account holder's own entry: they are that person, so their yes is their own. */
async function consentForSelf(db: Database, user: SessionUser, contact: Contact): Promise<Outcome> {
  if (contact.email === null || contact.email !== user.email.toLowerCase() || isMinor(contact.ageBand)) {
    return fail(
      403,
      "Only they can say yes",
      `${contact.name} says yes themselves, from the link in their notice.`,
      "self-consent",
    );
  }
  if (contact.consentGivenAt && !contact.optedOutAt)
    return done("You're in", "You already said yes to practice messages.", "self-consent");
  await db
    .update(trainingContacts)
    .set({
      consentGivenAt: sql`now()`,
      consentMethod: "self",
      consentBy: contact.email,
      optedOutAt: null,
      optOutSource: null,
      updatedAt: sql`now()`,
    })
    .where(eq(trainingContacts.id, contact.id));
  return done("You're in", "You will get at most one practice message a week.", "self-consent");
}
