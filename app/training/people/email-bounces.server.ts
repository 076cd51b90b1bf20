import { sql, type SQL } from "drizzle-orm";
import { messageDeliveries } from "~/mail/message-status.server";
import { practiceMessages } from "~/training/tables";

/**
 * An email address whose last two practice emails both failed for good (the mail server refused
 * them, or every retry did) gets no more practice email: the person's email channel is paused and
 * their card says why, until the address is changed. Texts, if they have them, go on.
 */
export const EMAIL_BOUNCED_EXPLANATION = "Emails to this address bounced: check it or use text messages.";

/** How many failures in a row pause the channel. */
export const BOUNCES_IN_A_ROW = 2;

/** True when the last BOUNCES_IN_A_ROW finished practice emails to `address` (a lower-case email) all failed. */
export function emailBouncedSql(address: SQL): SQL<boolean> {
  const delivery = messageDeliveries("bounce_delivery");
  return sql<boolean>`COALESCE((
    SELECT count(*) = ${BOUNCES_IN_A_ROW} AND bool_and(latest.state = 'failed')
      FROM (
        SELECT ${delivery.state} AS state
          FROM ${practiceMessages}
          JOIN ${delivery} ON ${delivery.messageId} = ${practiceMessages.outboxMessageId}
         WHERE ${practiceMessages.channel} = 'email'
           AND ${practiceMessages.status} = 'queued'
           AND ${practiceMessages.address} = ${address}
           AND ${delivery.state} IN ('sent', 'failed')
         ORDER BY ${practiceMessages.queuedAt} DESC
         LIMIT ${BOUNCES_IN_A_ROW}
      ) AS latest
  ), false)`;
}
