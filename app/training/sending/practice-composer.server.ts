import { randomBytes } from "node:crypto";
import type { NewEmail, NewText } from "~/mail/outbox.server";
import { escapeHtml } from "~/text/html";
import type { DeliveredForm } from "~/training/library/delivered-form";

/**
 * A practice message as it leaves, from its delivered form (library/delivered-form.ts): the
 * scenario's sender at our practice domain, its `[[link text]]` pointing at the landing page on
 * the practice origin, on a path of the scenario's own story (`<PRACTICE_LINK_ORIGIN>/toll/pay/<token>`,
 * issue #36): nothing the reader can hover over or read says "practice". It does not say it is practice:
 * the person agreed to that beforehand, and the consent notice said so. Stopping stays short: an
 * ordinary "Unsubscribe" footer link (it opens the stop page, whose button stops them: two taps)
 * and one-click List-Unsubscribe on emails, "Reply STOP to end" on texts (the carriers' rule).
 */

export const PRACTICE_EMAIL_TEMPLATE = "practice-email";
export const PRACTICE_TEXT_TEMPLATE = "practice-text";
const PRACTICE_HEADER = "X-Scam-Free-Practice";

/** 256 random bits, URL-safe: the only key to a message's landing, feedback and stop pages. */
export function newPracticeToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * Where a message's links lead. The landing link shows the scenario's own path before the token
 * (the practice host finds the message by the token alone); the footer's "Unsubscribe" shows a
 * plain `/unsubscribe/<token>`. The feedback page, and the one-click List-Unsubscribe address that
 * no one reads, keep their `/practice/<token>/…` paths: they are reached after the fact.
 */
export function practiceLinks(token: string, origin: string, landingPath = "/practice") {
  const plain = `${origin}/practice/${token}`;
  return {
    landing: `${origin}${landingPath}/${token}`,
    unsubscribe: `${origin}/unsubscribe/${token}`,
    stop: `${plain}/stop`,
    feedback: `${plain}/feedback`,
  };
}

export interface PracticeComposition {
  /** practice_messages.id, for the header a family's mail admin can filter on. */
  messageId: string;
  token: string;
  form: DeliveredForm;
  /** PRACTICE_LINK_ORIGIN. */
  linkOrigin: string;
  /** The scenario's `landing.path`: what the link shows before its token. */
  landingPath: string;
}

const LINK_MARKER = /\[\[([^[\]]*)\]\]/g;

/** One paragraph of the body as HTML: text escaped, line breaks kept, the marker made a link. */
function paragraphHtml(paragraph: string, landing: string) {
  let html = "";
  let last = 0;
  for (const match of paragraph.matchAll(LINK_MARKER)) {
    html += escapeHtml(paragraph.slice(last, match.index));
    html += `<a href="${escapeHtml(landing)}" style="color:#1a56db">${escapeHtml(match[1])}</a>`;
    last = match.index + match[0].length;
  }
  html += escapeHtml(paragraph.slice(last));
  return `<p style="margin:0 0 16px">${html.replaceAll("\n", "<br>")}</p>`;
}

/** The email, without its recipient (the scheduler adds `to`, the one in its delivered form). */
export function composePracticeEmail(input: PracticeComposition): Omit<NewEmail, "to"> {
  const links = practiceLinks(input.token, input.linkOrigin, input.landingPath);
  const { form } = input;
  const text = `${form.body.replace(LINK_MARKER, (_marker, label: string) => `${label} (${links.landing})`)}\n\n--\nUnsubscribe: ${links.unsubscribe}\n`;
  const html =
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1e293b;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">` +
    form.body
      .split(/\n{2,}/)
      .map((paragraph) => paragraphHtml(paragraph, links.landing))
      .join("") +
    `<p style="margin:32px 0 0;font-size:11px;color:#94a3b8"><a href="${escapeHtml(links.unsubscribe)}" style="color:#64748b">Unsubscribe</a></p></body></html>`;
  return {
    template: PRACTICE_EMAIL_TEMPLATE,
    senderName: form.from.name,
    senderAddress: form.from.address,
    subject: form.subject ?? "",
    text,
    html,
    headers: {
      [PRACTICE_HEADER]: input.messageId,
      "List-Unsubscribe": `<${links.stop}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/** The text message, without its recipient. */
export function composePracticeText(input: PracticeComposition): Omit<NewText, "to"> {
  const { landing } = practiceLinks(input.token, input.linkOrigin, input.landingPath);
  return {
    template: PRACTICE_TEXT_TEMPLATE,
    body: `${input.form.body.replace(LINK_MARKER, landing)}\nReply STOP to end`,
  };
}
