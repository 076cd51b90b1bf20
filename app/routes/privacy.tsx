import type { Route } from "./+types/privacy";
import { LegalPage } from "~/legal/legal-page";
import { pageMeta } from "~/seo/meta";
import Content from "../../content/legal/privacy.mdx";
import { loadAsWholePage, noPageData, noScriptsHandle } from "~/layout/page-scripts";

// Reading only: no script in the browser (decision 037).
export const handle = noScriptsHandle;
export const loader = noPageData;
export const clientLoader = loadAsWholePage;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Privacy Policy",
    description: "What scam-free collects, why, who we share it with, how long we keep it and your rights.",
    path: "/privacy",
  });

export default function PrivacyPage() {
  return <LegalPage title="Privacy Policy" Content={Content} />;
}
