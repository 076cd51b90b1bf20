import type { Route } from "./+types/privacy";
import { LegalPage } from "~/legal/legal-page";
import { pageMeta } from "~/seo/meta";
import Content from "../../content/legal/privacy.mdx";
import { deferHydrationHandle } from "~/hydration/deferred-hydration";

// Hydrates on the first press or focus, not on load (decision 021).
export const handle = deferHydrationHandle;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Privacy Policy",
    description: "What scam-free collects, why, who we share it with, how long we keep it and your rights.",
    path: "/privacy",
  });

export default function PrivacyPage() {
  return <LegalPage title="Privacy Policy" Content={Content} />;
}
