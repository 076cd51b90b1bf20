import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { PLANS } from "~/billing/plans";
import { TasteSummary } from "~/marketing/sample-taste-views";
import CheckoutSuccess from "~/routes/checkout.success";

/**
 * "Premium" is the plan's id in addresses and the database, never a name a person reads: the
 * pages say the plans' names as the pricing page does, "Training Program" and "Family Training"
 * (issue #35).
 */

/** The words a page shows, without its tags. */
function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");
}

describe("plan names where a person reads them", () => {
  it("the free taste's last screen names the plans, not 'Premium subscribers'", () => {
    const page = text(renderToString(createElement(TasteSummary, { totals: { found: 5, flags: 9 } })));
    expect(page).toContain(
      `${PLANS.premium.name} and ${PLANS.family.name} members receive weekly practice emails like these`,
    );
    expect(page).not.toMatch(/premium/i);
  });

  it.each(Object.values(PLANS).map((plan) => [plan.name] as const))(
    "'Payment Successful!' for %s names the plan, not 'the premium features'",
    (planName) => {
      const Stub = createRoutesStub([
        { id: "success", path: "/checkout/success", Component: CheckoutSuccess as never },
      ]);
      const page = text(
        renderToString(
          createElement(Stub, {
            initialEntries: ["/checkout/success?session_id=cs_test"],
            hydrationData: { loaderData: { success: { state: "success", planName } } },
          }),
        ),
      );
      expect(page).toContain("Payment Successful!");
      expect(page).toContain(`${planName} is active: practice scam messages with feedback`);
      expect(page).not.toMatch(/premium/i);
    },
  );

  it("no page, email or lesson the site writes calls a plan or its members 'premium'", () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
      );
    // The checker's examples are scam messages people were sent, quoted as they were.
    const ours = [
      ...files("app"),
      ...files("content").filter((file) => !file.startsWith(join("content", "checker-eval"))),
    ];
    const found = ours.filter((file) =>
      /\bpremium (subscriber|member|feature|plan|account|user|content)s?\b/i.test(readFileSync(file, "utf8")),
    );
    expect(found).toEqual([]);
  });
});
