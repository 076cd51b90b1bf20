import type { Route } from "./+types/terms";
import { LegalPage } from "~/legal/legal-page";
import { pageMeta } from "~/seo/meta";
import Content from "../../content/legal/terms.mdx";
import { loadAsWholePage, noPageData, noScriptsHandle } from "~/layout/page-scripts";

// Reading only: no script in the browser (decision 037).
export const handle = noScriptsHandle;
export const loader = noPageData;
export const clientLoader = loadAsWholePage;

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
