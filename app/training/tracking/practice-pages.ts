import type { MetaDescriptor } from "react-router";
import { z } from "zod";
import { translate } from "~/i18n/translate";
import { pageMeta } from "~/seo/meta";

/** The first words of the feedback page, exactly as the issue gives them (in the catalogue, with the Spanish). */
export const PRACTICE_NOTICE = translate("en", "feedback.notice");

/** The landing page's one form: nothing in it but which button was pressed. */
export const PracticeClickSchema = z.object({ intent: z.literal("click") });

/** The stop page's button, or a mail app's RFC 8058 one-click POST. */
export const PracticeStopSchema = z.union([
  z.object({ intent: z.literal("stop") }),
  z.object({ "List-Unsubscribe": z.literal("One-Click") }),
]);

/** The delivery test's page: "Yes, it arrived". */
export const DeliveryCheckConfirmSchema = z.object({ intent: z.literal("arrived") });

/** The feedback page's one form. */
export const PracticeSpottedSchema = z.object({ intent: z.literal("spotted") });

/**
 * Headers and meta tags of every page behind a practice token: never cached (the token is a key),
 * never indexed, and the address (with its token) never sent to another site as a referrer.
 * "same-origin", not "no-referrer": under "no-referrer" a browser sends `Origin: null` with the
 * page's own plain form posts (the practice host loads no script), which the cross-site check
 * must refuse.
 */
export const PRACTICE_PAGE_HEADERS = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "same-origin",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

export function practicePageMeta(
  args: { matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined> },
  page: { title: string; description: string },
): MetaDescriptor[] {
  // The path is left out of og:url on purpose: it holds the token.
  return [
    ...pageMeta(args, { ...page, path: "/practice", noIndex: true }),
    { name: "referrer", content: "same-origin" },
  ];
}
