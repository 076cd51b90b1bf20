import type { Route } from "./+types/terms";
import { LegalPage } from "~/legal/legal-page";
import { pageMeta } from "~/seo/meta";
import Content from "../../content/legal/terms.mdx";
import { deferHydrationHandle } from "~/hydration/deferred-hydration";

// Hydrates on the first press or focus, not on load (decision 021).
export const handle = deferHydrationHandle;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Terms of Service",
    description:
      "The rules for using scam-free: your licence to use our materials, subscriptions, practice messages and community.",
    path: "/terms",
  });

export default function TermsPage() {
  return <LegalPage title="Terms of Service" Content={Content} />;
}
