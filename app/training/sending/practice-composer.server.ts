import type { ScenarioLanguage } from "~/training/library/practice-scenario-schema";
import { createHash, randomBytes } from "node:crypto";
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
    feedback: `${plain}/feedback`,
  };
}

/**
 * The feedback page as the site's own mail links to it: on the site's host, never the practice
 * host, so a block of the practice host cannot touch the site's mail (issue #40). The practice host
 * serves the same page after a landing.
 */
export function feedbackPageOnSite(token: string, siteUrl: string) {
  return `${siteUrl}/practice/${token}/feedback`;
}

export interface PracticeComposition {
  /** practice_messages.id. */
  messageId: string;
  /** The scenario's id: its campaign in Feedback-ID, hashed (nothing readable says what it is). */
  scenarioId: string;
  token: string;
  form: DeliveredForm;
  /** PRACTICE_LINK_ORIGIN. */
  linkOrigin: string;
  /** The scenario's `landing.path`: what the link shows before its token. */
  landingPath: string;
  /** The scenario's language: the footer's few words are in it (a Spanish message, a Spanish footer). */
  language?: ScenarioLanguage;
}

/** The words a practice message carries besides its story: how to stop it. */
const STOP_WORDS = {
  en: { unsubscribe: "Unsubscribe", replyStop: "Reply STOP to end" },
  es: { unsubscribe: "Cancelar suscripción", replyStop: "Responda STOP para terminar" },
} as const;

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

/**
 * Practice mail's own plain document, unlike the site's mail layout (app/mail/templates.ts): a
 * receiver or a reader comparing the two sees no shared template.
 */
function practiceEmailDocument(
  subject: string,
  bodyHtml: string,
  unsubscribeUrl: string,
  language: ScenarioLanguage = "en",
) {
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:16px;font-family:Helvetica,Arial,sans-serif;font-size:15px;color:#222222;line-height:1.45">` +
    bodyHtml +
    `<p style="margin:28px 0 0;font-size:12px;color:#777777"><a href="${escapeHtml(unsubscribeUrl)}" style="color:#777777">${STOP_WORDS[language].unsubscribe}</a></p></body></html>`
  );
}

/**
 * Feedback-ID (the receivers' per-campaign complaint figures): the scenario's id hashed, the
 * sending domain's first label as the sender. Staff can map the hash back; a reader learns nothing.
 */
export function practiceFeedbackId(scenarioId: string, fromAddress: string) {
  const campaign = createHash("sha256").update(scenarioId).digest("hex").slice(0, 10);
  const sender = (fromAddress.split("@")[1] ?? "").split(".")[0] || "mail";
  return `${campaign}:m:${sender}`;
}

/** The email, without its recipient (the scheduler adds `to`, the one in its delivered form). */
export function composePracticeEmail(input: PracticeComposition): Omit<NewEmail, "to"> {
  const links = practiceLinks(input.token, input.linkOrigin, input.landingPath);
  const { form } = input;
  const language = input.language ?? "en";
  const text = `${form.body.replace(LINK_MARKER, (_marker, label: string) => `${label} (${links.landing})`)}\n\n--\n${STOP_WORDS[language].unsubscribe}: ${links.unsubscribe}\n`;
  const html = practiceEmailDocument(
    form.subject ?? "",
    form.body
      .split(/\n{2,}/)
      .map((paragraph) => paragraphHtml(paragraph, links.landing))
      .join(""),
    links.unsubscribe,
    language,
  );
  return {
    template: PRACTICE_EMAIL_TEMPLATE,
    senderName: form.from.name,
    senderAddress: form.from.address,
    subject: form.subject ?? "",
    text,
    html,
    // The message is found again by its Message-ID (`<outbox id@practice domain>`); no header of
    // ours says what it is, since "Show original" is where a careful reader looks (issue #40).
    headers: {
      // The footer's own address: it answers the RFC 8058 POST, and its path says nothing of practice.
      "List-Unsubscribe": `<${links.unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "Feedback-ID": practiceFeedbackId(input.scenarioId, form.from.address),
    },
  };
}

/** The text message, without its recipient. */
export function composePracticeText(input: PracticeComposition): Omit<NewText, "to"> {
  const { landing } = practiceLinks(input.token, input.linkOrigin, input.landingPath);
  return {
    template: PRACTICE_TEXT_TEMPLATE,
    body: `${input.form.body.replace(LINK_MARKER, landing)}\n${STOP_WORDS[input.language ?? "en"].replyStop}`,
  };
}
