import { QueryBuilder } from "drizzle-orm/pg-core";
import { outboxMessages } from "~/mail/tables";

/**
 * Messages a delivery status notification said bounced after the server took them (issue #40),
 * as a subquery to join on (`messageId`, `bouncedAt`): a late bounce counts like a refusal at send
 * time wherever failures are counted.
 */
export function bouncedMessages(name = "bounced_message") {
  return new QueryBuilder()
    .select({ messageId: outboxMessages.id, bouncedAt: outboxMessages.bouncedAt })
    .from(outboxMessages)
    .as(name);
}
