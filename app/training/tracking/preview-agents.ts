import { isBot, findBotMatch } from "isbot";

/**
 * Who fetched a practice link, as far as its user agent tells: a person's browser, or a program
 * that opens links by itself (a mail scanner checking an email, a chat app drawing a preview).
 * Those hits are kept but flagged, so they are never counted as a fall (GoPhish issues #973 and
 * #1607: scanners "clicking" every link made whole companies look like they fell for a phish).
 *
 * Named agents come first so the record says which one it was; the `isbot` list catches the rest.
 * Many scanners (Microsoft Safe Links among them) often send an ordinary browser agent instead:
 * that is why a GET never counts as a click at all, and why hits within seconds of delivery are
 * flagged too (tracking.server.ts, PRACTICE_SCANNER_WINDOW_SECONDS).
 */

/** Stored user agents are trimmed to this length; a longer header says nothing more about the caller. */
export const MAX_USER_AGENT_LENGTH = 300;

interface KnownAgent {
  name: string;
  pattern: RegExp;
}

/** Ordered: the first match names the agent. */
const KNOWN_PREVIEW_AGENTS: readonly KnownAgent[] = [
  // Apple's iMessage link previews announce themselves with Facebook's and Twitter's crawler names.
  { name: "Apple iMessage preview", pattern: /facebookexternalhit\/1\.1 Facebot Twitterbot\/1\.0/i },
  { name: "Microsoft Safe Links", pattern: /safe ?links|office ?365 ?atp/i },
  {
    name: "Microsoft Office link check",
    pattern:
      /ms-office|msoffice|microsoft office|microsoft outlook|outlook-ios|outlook-android|BingPreview|Microsoft-WebDAV/i,
  },
  { name: "Google Messages preview", pattern: /google[- ]?messages/i },
  { name: "Google Safe Browsing", pattern: /google-safety|googleimageproxy|google-pagerenderer|google-read-aloud/i },
  { name: "Slack link preview", pattern: /Slackbot/i },
  { name: "WhatsApp link preview", pattern: /WhatsApp/i },
  { name: "Telegram link preview", pattern: /TelegramBot/i },
  { name: "Discord link preview", pattern: /Discordbot/i },
  { name: "Skype link preview", pattern: /SkypeUriPreview/i },
  { name: "LinkedIn link preview", pattern: /LinkedInBot/i },
  { name: "Facebook link preview", pattern: /facebookexternalhit|Facebot/i },
  { name: "Twitter link preview", pattern: /Twitterbot/i },
  { name: "Barracuda mail scanner", pattern: /barracuda/i },
  { name: "Proofpoint mail scanner", pattern: /proofpoint/i },
  { name: "Mimecast mail scanner", pattern: /mimecast/i },
];

export type AgentVerdict = { automated: false } | { automated: true; detail: string };

/** The user agent as stored: trimmed, at most 300 characters, null when there is none. */
export function storedUserAgent(userAgent: string | null | undefined): string | null {
  const trimmed = userAgent?.trim() ?? "";
  return trimmed === "" ? null : trimmed.slice(0, MAX_USER_AGENT_LENGTH);
}

/** Whether this user agent is a known preview or scanning program (never a person). */
export function classifyUserAgent(userAgent: string | null | undefined): AgentVerdict {
  const agent = userAgent?.trim() ?? "";
  // Every browser sends a user agent; a request without one is a script.
  if (agent === "") return { automated: true, detail: "preview-agent: no user agent" };
  const known = KNOWN_PREVIEW_AGENTS.find((candidate) => candidate.pattern.test(agent));
  if (known) return { automated: true, detail: `preview-agent: ${known.name}` };
  if (isBot(agent)) return { automated: true, detail: `preview-agent: bot (${findBotMatch(agent) ?? "isbot"})` };
  return { automated: false };
}
