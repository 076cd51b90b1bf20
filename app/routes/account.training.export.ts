import { z } from "zod";
import type { Route } from "./+types/account.training.export";
import { requireUser } from "~/account/session.server";
import { getDatabase } from "~/db/database.server";
import { exportFamilyMember } from "~/training/results/family-member-data.server";

const NO_STORE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };
const ContactIdSchema = z.uuid();

/**
 * Everything held about one family member, as a JSON download, for the account holder only:
 * another account, an unknown or malformed id all get the same plain 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context });
  const notFound = () =>
    new Response("Not found", { status: 404, headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" } });
  const contactId = ContactIdSchema.safeParse(params.contactId);
  if (!contactId.success) return notFound();
  const data = await exportFamilyMember(await getDatabase(), { userId: user.id, contactId: contactId.data });
  if (!data) return notFound();
  const fileName = `scam-free-${
    data.person.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "person"
  }.json`;
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      ...NO_STORE,
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
    },
  });
}
