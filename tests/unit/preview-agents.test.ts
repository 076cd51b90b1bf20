import { describe, expect, it } from "vitest";
import { classifyUserAgent, MAX_USER_AGENT_LENGTH, storedUserAgent } from "~/training/tracking/preview-agents";

describe("preview and scanner agents", () => {
  it.each([
    ["facebookexternalhit/1.1 Facebot Twitterbot/1.0", "Apple iMessage preview"],
    ["Mozilla/5.0 (compatible; SafeLinks/1.0)", "Microsoft Safe Links"],
    ["Office 365 ATP Safe Links scanner", "Microsoft Safe Links"],
    ["Mozilla/4.0 (compatible; ms-office; MSOffice 16)", "Microsoft Office link check"],
    ["Mozilla/5.0 (Linux; Android 14) Google-Messages/20240101", "Google Messages preview"],
    ["Mozilla/5.0 (compatible; Google-Safety; +http://www.google.com/bot.html)", "Google Safe Browsing"],
    ["Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)", "Slack link preview"],
    ["WhatsApp/2.23.20.0 A", "WhatsApp link preview"],
    ["TelegramBot (like TwitterBot)", "Telegram link preview"],
    ["Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)", "Discord link preview"],
    ["Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5", "Skype link preview"],
    ["LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)", "LinkedIn link preview"],
    ["facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)", "Facebook link preview"],
    ["Barracuda Sentinel (EE)", "Barracuda mail scanner"],
    ["Proofpoint URL Defense", "Proofpoint mail scanner"],
    ["Mimecast-URL-Protect/1.0", "Mimecast mail scanner"],
  ])("names %s as %s", (agent, name) => {
    expect(classifyUserAgent(agent)).toEqual({ automated: true, detail: `preview-agent: ${name}` });
  });

  it("falls back to the isbot list for other programs, and flags a missing agent", () => {
    expect(classifyUserAgent("python-requests/2.31")).toEqual({
      automated: true,
      detail: "preview-agent: bot (python-requests/2.31)",
    });
    expect(classifyUserAgent("curl/8.5.0")).toMatchObject({ automated: true });
    expect(classifyUserAgent(null)).toEqual({ automated: true, detail: "preview-agent: no user agent" });
    expect(classifyUserAgent("   ")).toEqual({ automated: true, detail: "preview-agent: no user agent" });
  });

  it("lets ordinary browsers through", () => {
    for (const agent of [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0",
    ]) {
      expect(classifyUserAgent(agent), agent).toEqual({ automated: false });
    }
  });

  it("stores at most 300 characters of an agent, trimmed, and null for none", () => {
    expect(storedUserAgent(`  ${"a".repeat(500)}`)).toHaveLength(MAX_USER_AGENT_LENGTH);
    expect(storedUserAgent(" Firefox ")).toBe("Firefox");
    expect(storedUserAgent("")).toBeNull();
    expect(storedUserAgent(undefined)).toBeNull();
  });
});
