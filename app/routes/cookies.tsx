import type { Route } from "./+types/cookies";
import { LegalPage } from "~/legal/legal-page";
import { pageMeta } from "~/seo/meta";
import Content from "../../content/legal/cookies.mdx";
import { deferHydrationHandle } from "~/hydration/deferred-hydration";

// Hydrates on the first press or focus, not on load (decision 021).
export const handle = deferHydrationHandle;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Cookie Policy",
    description: "Which cookies scam-free uses, why, and how you can control them.",
    path: "/cookies",
  });

export default function CookiesPage() {
  return <LegalPage title="Cookie Policy" Content={Content} />;
}
