import { getEnv } from "~/config/env.server";
import { getLogger } from "~/config/logger.server";
import type { Database } from "~/db/client.server";
import { currentJobRunner } from "~/jobs/job-runner.server";
import { wakeDelivery } from "./delivery-queue.server";
import { enqueueEmail, enqueueText, type DeliveryChannels, type NewEmail, type NewText } from "./outbox.server";
import {
  localTextMailboxTransport,
  twilioTransport,
  unconfiguredSmsTransport,
  type SmsTransport,
} from "./sms-transports.server";
import type { MailBranding } from "./templates";
import { TWILIO_STATUS_PATH } from "./text-delivery-status.server";
import { localMailboxTransport, smtpTransport, type DkimKeys, type MailTransport } from "./transports.server";

export function getMailBranding(): MailBranding {
  const env = getEnv();
  return { productName: "scam-free", siteUrl: env.APP_URL, supportEmail: env.SUPPORT_EMAIL };
}

/** The practice domain's key (DKIM_*) and the site's own (SITE_DKIM_*, for MAIL_FROM's domain). */
export function dkimKeys(): DkimKeys {
  const env = getEnv();
  const keys: DkimKeys = [];
  if (env.DKIM_PRIVATE_KEY && env.DKIM_SELECTOR && env.practice) {
    keys.push({
      domainName: env.practice.mailDomain,
      keySelector: env.DKIM_SELECTOR,
      privateKey: env.DKIM_PRIVATE_KEY,
    });
  }
  const siteDomain = /@([^>\s]+)>?\s*$/.exec(env.MAIL_FROM)?.[1]?.toLowerCase();
  if (env.SITE_DKIM_PRIVATE_KEY && env.SITE_DKIM_SELECTOR && siteDomain) {
    keys.push({ domainName: siteDomain, keySelector: env.SITE_DKIM_SELECTOR, privateKey: env.SITE_DKIM_PRIVATE_KEY });
  }
  return keys;
}

/** SMTP when SMTP_URL is set; otherwise the local mailbox, which a real deployment refuses. */
export function createMailTransport(): MailTransport {
  const env = getEnv();
  if (env.SMTP_URL) {
    return smtpTransport(env.SMTP_URL, { dkim: dkimKeys() });
  }
  if (env.isProduction) {
    throw new Error("SMTP_URL must be set when APP_ENV=production (the local mailbox is for development).");
  }
  const log = getLogger();
  return localMailboxTransport((message) =>
    log.info(
      { to: message.to, subject: message.subject, id: message.id },
      "email kept in the local mailbox (/dev/mailbox)",
    ),
  );
}

/**
 * Twilio when the TWILIO_* settings are there; otherwise the local mailbox, except in production,
 * where texts are recorded as failed with the reason (nothing on the site sends one yet, so a
 * production site without Twilio still starts).
 */
export function createSmsTransport(): SmsTransport {
  const env = getEnv();
  if (env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.twilio) {
    return twilioTransport({
      accountSid: env.TWILIO_ACCOUNT_SID,
      authToken: env.TWILIO_AUTH_TOKEN,
      from: env.TWILIO_FROM ?? env.twilio.messagingServiceSid!,
      messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID ?? null,
      apiBase: env.TWILIO_API_BASE,
      statusCallbackUrl: `${env.APP_URL}${TWILIO_STATUS_PATH}`,
    });
  }
  if (env.isProduction) return unconfiguredSmsTransport();
  const log = getLogger();
  return localTextMailboxTransport((message) =>
    log.info({ to: message.to, id: message.id }, "text message kept in the local mailbox (/dev/mailbox)"),
  );
}

export function createDeliveryChannels(): DeliveryChannels {
  return { email: createMailTransport(), sms: createSmsTransport(), emailFrom: getEnv().MAIL_FROM };
}

/**
 * Call after the transaction that enqueued the messages has committed: queues a wake-up for the
 * delivery worker (in this process, or in another one when WORKERS=off). If that fails, or no job
 * runner is running (tests), the next sweep of a running worker delivers them.
 */
export async function notifyOutbox(ids: string[]) {
  const runner = currentJobRunner();
  if (!runner || ids.length === 0) return;
  try {
    await wakeDelivery(runner, runner.database, ids);
  } catch (error) {
    getLogger().warn({ err: error }, "could not wake the delivery worker; the sweep will deliver");
  }
}

/**
 * Queues one email outside any larger transaction and wakes the worker. Code that changes other
 * data in the same step should call enqueueEmail inside its transaction, then notifyOutbox.
 */
export async function queueEmail(db: Database, email: NewEmail) {
  const id = await enqueueEmail(db, email);
  await notifyOutbox([id]);
  return id;
}

/** Queues one text message (E.164 number) and wakes the worker; like queueEmail. */
export async function queueText(db: Database, text: NewText) {
  const id = await enqueueText(db, text);
  await notifyOutbox([id]);
  return id;
}
