import { data } from "react-router";
import type { Database } from "~/db/client.server";
import { getDatabase } from "~/db/database.server";
import { getLogger } from "~/config/logger.server";
import { getEnv } from "~/config/env.server";
import { practiceLibrary } from "~/training/library/practice-library.server";
import { practiceLinks } from "~/training/sending/practice-composer.server";
import { practiceSendingSetup } from "~/training/library/practice-sending-setup.server";
import { findPracticeMessageByToken, type PracticeMessageRecord } from "./tracking.server";

/**
 * What the three practice pages (/practice/:token, its feedback and its stop page) share: the
 * token is the whole key, so an unknown or tampered one gets the site's plain 404, the same as a
 * page that does not exist, and says nothing about why.
 */
export async function requirePracticeMessage(
  token: string | undefined,
): Promise<{ db: Database; message: PracticeMessageRecord }> {
  const db = await getDatabase();
  const message = await findPracticeMessageByToken(db, token);
  if (!message) {
    getLogger().info({ tokenLength: token?.length ?? 0 }, "practice link not found");
    throw data(null, { status: 404 });
  }
  return { db, message };
}

export function userAgentOf(request: Request): string | null {
  return request.headers.get("User-Agent");
}

/** The landing link as the message showed it: the practice origin, the scenario's path, the token. */
export function landingLinkOf(message: Pick<PracticeMessageRecord, "token" | "scenarioId">): string {
  const origin = practiceSendingSetup()?.linkOrigin ?? getEnv().APP_URL;
  return practiceLinks(message.token, origin, practiceLibrary().byId(message.scenarioId)?.landing.path).landing;
}
