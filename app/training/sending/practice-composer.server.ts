import { randomBytes } from "node:crypto";
import { getEnv } from "~/config/env.server";
import type { NewEmail, NewText } from "~/mail/outbox.server";
import { escapeHtml } from "~/text/html";
import type { PracticeScenario } from "~/training/library/practice-scenario-schema";

/**
 * A practice message as it leaves: the scenario's text with its `[[link text]]` pointing at our
 * own landing page (`/practice/<token>`), and a discreet way to stop on every message (email: a
 * footer link and one-click List-Unsubscribe; text: "Reply STOP to end"). Nothing about the
 * family is in it besides the holder's name in the email footer.
 */

export const PRACTICE_EMAIL_TEMPLATE = "practice-email";
export const PRACTICE_TEXT_TEMPLATE = "practice-text";
const PRACTICE_HEADER = "X-Scam-Free-Practice";

/** 256 random bits, URL-safe: the only key to a message's landing, feedback and stop pages. */
export function newPracticeToken(): string {
  return randomBytes(32).toString("base64url");
}

export function practiceLinks(token: string, appUrl: string = getEnv().APP_URL) {
  const landing = `${appUrl}/practice/${token}`;
  return { landing, stop: `${landing}/stop` };
}

export interface PracticeComposition {
  /** practice_messages.id, for the header a family's mail admin can filter on. */
  messageId: string;
  token: string;
  scenario: PracticeScenario;
  /** The account holder who enrolled this person. */
  holderName: string;
  appUrl?: string;
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

export function practiceEmailFooter(holderName: string, stopUrl: string) {
  return `This was a practice message from scam-free, sent because ${holderName} enrolled you. Stop practice messages: ${stopUrl}`;
}

/** The email, without its recipient (the scheduler adds `to`). */
export function composePracticeEmail(input: PracticeComposition): Omit<NewEmail, "to"> {
  const links = practiceLinks(input.token, input.appUrl);
  const body = input.scenario.body.trim();
  const footer = practiceEmailFooter(input.holderName, links.stop);
  const text = `${body.replace(LINK_MARKER, (_marker, label: string) => `${label} (${links.landing})`)}\n\n--\n${footer}\n`;
  const footerHtml = `This was a practice message from scam-free, sent because ${escapeHtml(input.holderName)} enrolled you. <a href="${escapeHtml(links.stop)}" style="color:#64748b">Stop practice messages</a>`;
  const html =
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1e293b;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">` +
    body
      .split(/\n{2,}/)
      .map((paragraph) => paragraphHtml(paragraph, links.landing))
      .join("") +
    `<p style="margin:32px 0 0;font-size:11px;color:#94a3b8">${footerHtml}</p></body></html>`;
  return {
    template: PRACTICE_EMAIL_TEMPLATE,
    senderName: input.scenario.from.name,
    subject: input.scenario.subject ?? input.scenario.title,
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
  const { landing } = practiceLinks(input.token, input.appUrl);
  return {
    template: PRACTICE_TEXT_TEMPLATE,
    body: `${input.scenario.body.trim().replace(LINK_MARKER, landing)}\nReply STOP to end`,
  };
}
