import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { newsletterWelcomeEmail } from "~/newsletter/newsletter-emails";
import NewsletterConfirm from "~/routes/newsletter.confirm";
import Unsubscribe from "~/routes/unsubscribe";

/**
 * Stopping takes two taps (open the link, press the button on its page), so the site never calls
 * it "one step" or "one click" (issue #35). Mail apps' own one-click unsubscribe (RFC 8058) is
 * real, but it is the mail app's button, not what our words promise.
 */
const BRAND = {
  productName: "scam-free",
  siteUrl: "https://scam-free.example",
  supportEmail: "help@scam-free.example",
};
const ONE_STEP = /\b(one|a single|1)[ -](step|click|tap)\b|\bone[ -]click\b/i;

function page(Component: unknown, path: string, loaderData: unknown): string {
  const Stub = createRoutesStub([{ id: "page", path: path.split("?")[0]!, Component: Component as never }]);
  return renderToString(
    createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { page: loaderData } } }),
  )
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

describe("the words about stopping say what it takes", () => {
  it("the newsletter's welcome email says to open the link and press Unsubscribe, the button its page shows", () => {
    const email = newsletterWelcomeEmail(BRAND, { unsubscribeUrl: "https://scam-free.example/unsubscribe?token=abc" });
    expect(email.text).toContain(
      "Changed your mind? Open this link and press Unsubscribe: https://scam-free.example/unsubscribe?token=abc",
    );
    expect(email.text).not.toMatch(ONE_STEP);
    const unsubscribe = page(Unsubscribe, "/unsubscribe?token=abc", {
      state: "confirm",
      token: "abc",
      maskedEmail: "m***@example.com",
    });
    expect(unsubscribe).toContain("Unsubscribe from the newsletter?");
    expect(unsubscribe).toContain(" Unsubscribe Return to Home");
  });

  it("the newsletter's confirmation page promises a link in every email, not one click", () => {
    const text = page(NewsletterConfirm, "/newsletter/confirm?token=abc", {
      state: "confirm",
      token: "abc",
      maskedEmail: "m***@example.com",
    });
    expect(text).toContain("Every email has a link to unsubscribe.");
    expect(text).not.toMatch(ONE_STEP);
  });

  it("no page, email or course text the site writes calls stopping or unsubscribing one step or one click", () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
      );
    const found: string[] = [];
    for (const file of [...files("app"), ...files(join("content", "legal")), ...files(join("content", "course"))]) {
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, index) => {
          // Code comments, imports, headers and the stored reason name the mail standard's
          // "one-click" POST (RFC 8058), the mail app's own button; people read the rest.
          if (/^\s*(\/\/|\*|\/\*|import )|RFC 8058|List-Unsubscribe|"one-click"/i.test(line)) return;
          if (ONE_STEP.test(line) && /stop|unsubscri|opt.?out/i.test(line))
            found.push(`${file}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
