import { translatorFor, type Translate } from "~/i18n/translate";
import { sql, type SQL } from "drizzle-orm";
import { bouncedMessages } from "~/mail/feedback-reports/bounced-messages.server";
import { messageDeliveries } from "~/mail/message-status.server";
import { practiceMessages } from "~/training/tables";

/**
 * An address whose last two practice messages both failed for good gets no more of them: that
 * person's channel is paused and their card says why, until the address is changed. The other
 * channel, if they have one, goes on.
 * - Email: the mail server refused them (a 5xx bounce), or every retry did, or a delivery status
 *   notification said it bounced later (outbox_messages.bounced_at).
 * - Texts: Twilio refused them, or its status callback said "undelivered" or "failed" (the phone
 *   is a landline, out of service, or a carrier filter dropped them).
 */
export const EMAIL_BOUNCED_EXPLANATION = translatorFor("en")("people.emailBounced");
export const TEXTS_UNDELIVERED_EXPLANATION = translatorFor("en")("people.textsUndelivered");

/** How many failures in a row pause the channel. */
export const FAILURES_IN_A_ROW = 2;

/**
 * True when the last FAILURES_IN_A_ROW finished practice messages on `channel` to `address` (a
 * lower-case email, or an E.164 number) all failed.
 */
export function deliveriesFailingSql(channel: "email" | "sms", address: SQL): SQL<boolean> {
  const delivery = messageDeliveries("failing_delivery");
  const bounce = bouncedMessages("failing_bounce");
  return sql<boolean>`COALESCE((
    SELECT count(*) = ${FAILURES_IN_A_ROW} AND bool_and(latest.failed)
      FROM (
        SELECT (${delivery.state} = 'failed'
                OR COALESCE(${delivery.providerStatus} IN ('undelivered', 'failed'), false)
                OR ${bounce.bouncedAt} IS NOT NULL) AS failed
          FROM ${practiceMessages}
          JOIN ${delivery} ON ${delivery.messageId} = ${practiceMessages.outboxMessageId}
          JOIN ${bounce} ON ${bounce.messageId} = ${practiceMessages.outboxMessageId}
         WHERE ${practiceMessages.channel} = ${channel}
           AND ${practiceMessages.status} = 'queued'
           AND ${practiceMessages.address} = ${address}
           AND ${delivery.state} IN ('sent', 'failed')
         ORDER BY ${practiceMessages.queuedAt} DESC
         LIMIT ${FAILURES_IN_A_ROW}
      ) AS latest
  ), false)`;
}

/** Why practice messages to this address are paused, when they are. */
export function failingExplanation(channel: "email" | "sms", t: Translate): string {
  return channel === "email" ? t("people.emailBounced") : t("people.textsUndelivered");
}
