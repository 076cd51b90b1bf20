import { getLogger } from "~/config/logger.server";
import type { Database } from "~/db/client.server";

/**
 * What other capabilities do once an account's email is confirmed, told without the account
 * capability knowing them (it sits below them): the composition root (server-runtime.server.ts)
 * registers each one, such as billing's receipts that waited for a confirmed address.
 */
type EmailConfirmedListener = (db: Database, userId: string) => Promise<unknown>;

const listeners = new Set<EmailConfirmedListener>();

export function onEmailConfirmed(listener: EmailConfirmedListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Tells every listener. The address is confirmed whatever happens to them, so a failure is logged,
 * not thrown, and the others still run.
 */
export async function emailConfirmed(db: Database, userId: string): Promise<void> {
  for (const listener of listeners) {
    try {
      await listener(db, userId);
    } catch (error) {
      getLogger().error({ err: error, userId }, "an action after an email confirmation failed");
    }
  }
}
