import type { Route } from "./+types/api.webhooks.inbound-email";
import { inboundEmailSecret } from "~/config/env.server";
import { getLogger } from "~/config/logger.server";
import { getDatabase } from "~/db/database.server";
import { handleReportEmail } from "~/mail-feedback.server";
import { isReportEmail } from "~/mail/feedback-reports/report-parser.server";
import {
  handleInboundEmail,
  INBOUND_EMAIL_MAX_BYTES,
  INBOUND_SIGNATURE_HEADER,
  inboundSignatureValid,
  MalformedEmail,
  parseInboundEmail,
} from "~/mail/inbound-email.server";

function answer(status: number, body: Record<string, string>) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

/**
 * One inbound email as raw MIME (what Amazon SES, Mailgun's "store and notify", Postmark and
 * SendGrid can deliver, through the small signing relay the README describes), signed with an HMAC
 * of the body under INBOUND_EMAIL_SECRET. Exempt from the CSRF origin check (routes/cross-site-posts.ts):
 * the signature is the proof. Oversized, unsigned, malformed or unknown mail gets a 4xx and
 * changes nothing; what the email says is never logged.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return answer(405, { error: "Use POST." });
  const secret = inboundEmailSecret();
  if (!secret) return answer(404, { error: "Inbound email is not set up here (INBOUND_EMAIL_SECRET)." });
  if (Number(request.headers.get("Content-Length") ?? 0) > INBOUND_EMAIL_MAX_BYTES) {
    return answer(413, { error: "That email is too large to be a report." });
  }
  const raw = Buffer.from(await request.arrayBuffer());
  if (raw.byteLength > INBOUND_EMAIL_MAX_BYTES)
    return answer(413, { error: "That email is too large to be a report." });
  if (!inboundSignatureValid(raw, request.headers.get(INBOUND_SIGNATURE_HEADER), secret)) {
    return answer(401, { error: `The ${INBOUND_SIGNATURE_HEADER} signature is missing or wrong.` });
  }
  // Receivers' reports (complaints, late bounces) come here too, as multipart/report.
  if (isReportEmail(raw)) {
    const result = await handleReportEmail(await getDatabase(), raw);
    getLogger().info({ outcome: result.status === 200 ? result.outcome : "malformed" }, "inbound report");
    return result.status === 200 ? answer(200, { outcome: result.outcome }) : answer(400, { error: result.error });
  }
  let email;
  try {
    email = await parseInboundEmail(raw);
  } catch (error) {
    if (error instanceof MalformedEmail) return answer(400, { error: error.message });
    return answer(400, { error: "That is not an email we can read." });
  }
  const outcome = await handleInboundEmail(await getDatabase(), email);
  getLogger().info({ outcome }, "inbound email");
  if (outcome === "unknown") return answer(422, { error: "No practice message is named in this email." });
  return answer(200, { outcome });
}

export function loader() {
  return answer(405, { error: "Inbound email is POSTed here as raw MIME." });
}
