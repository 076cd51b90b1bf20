import type { Route } from "./+types/cookies";
import { LegalPage } from "~/legal/legal-page";
import { pageMeta } from "~/seo/meta";
import Content from "../../content/legal/cookies.mdx";
import { loadAsWholePage, noPageData, noScriptsHandle } from "~/layout/page-scripts";

// Reading only: no script in the browser (decision 037).
export const handle = noScriptsHandle;
export const loader = noPageData;
export const clientLoader = loadAsWholePage;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Cookie Policy",
    description: "Which cookies scam-free uses, why, and how you can control them.",
    path: "/cookies",
  });

export default function CookiesPage() {
  return <LegalPage title="Cookie Policy" Content={Content} />;
}
