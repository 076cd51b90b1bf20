import type { SessionUser } from "~/account/session.server";
import type { Database } from "~/db/client.server";
import { loadTrainingPage } from "./contact-settings.server";
import { setupSteps } from "./setup-checklist";

/**
 * Whether the account holder has finished setting up their family's Training Program (the same
 * three steps as the checklist at the top of /account/training), for My Account's "Next steps".
 * Null when the person holds no Training Program.
 */
export async function trainingSetUp(db: Database, user: SessionUser): Promise<boolean | null> {
  const view = await loadTrainingPage(db, user);
  if (view.kind !== "program") return null;
  return setupSteps(view.contacts).complete;
}
