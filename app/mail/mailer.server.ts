import { getEnv } from "~/config/env.server";
import { getLogger } from "~/config/logger.server";
import type { Database, DatabaseHandle } from "~/db/client.server";
import { enqueueEmail, type NewEmail } from "./outbox.server";
import { startMailWorker, type MailWorker } from "./mail-worker.server";
import type { MailBranding } from "./templates";
import { localMailboxTransport, smtpTransport, type MailTransport } from "./transports.server";

export function getMailBranding(): MailBranding {
  const env = getEnv();
  return { productName: "scam-free", siteUrl: env.APP_URL, supportEmail: env.SUPPORT_EMAIL };
}

/** SMTP when SMTP_URL is set; otherwise the local mailbox, which a real deployment refuses. */
export function createMailTransport(): MailTransport {
  const env = getEnv();
  if (env.SMTP_URL) return smtpTransport(env.SMTP_URL);
  if (env.isProduction) {
    throw new Error("SMTP_URL must be set when APP_ENV=production (the local mailbox is for development).");
  }
  const log = getLogger();
  return localMailboxTransport((message) =>
    log.info({ to: message.to, subject: message.subject, id: message.id }, "email kept in the local mailbox (/dev/mailbox)"),
  );
}

let worker: MailWorker | undefined;

export async function startMail(handle: DatabaseHandle) {
  const log = getLogger();
  const transport = createMailTransport();
  worker = await startMailWorker({
    handle,
    transport,
    from: getEnv().MAIL_FROM,
    pollingIntervalSeconds: 1,
    onDelivered: (id, outcome) => log.info({ id, outcome, transport: transport.name }, "outbox delivery"),
    onError: (error) => log.error({ err: error }, "mail worker error"),
  });
  log.info({ transport: transport.name }, "mail worker started");
}

export async function stopMail() {
  await worker?.stop();
  worker = undefined;
}

/**
 * Call after the transaction that enqueued the messages has committed. If no worker runs in this
 * process (WORKERS=off, or tests), the next sweep of a running worker picks them up.
 */
export async function notifyOutbox(ids: string[]) {
  if (!worker || ids.length === 0) return;
  try {
    await worker.notify(ids);
  } catch (error) {
    getLogger().warn({ err: error }, "could not wake the mail worker; the sweep will deliver");
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
