import type { Route } from "./+types/cookies";
import { LegalPage } from "~/legal/legal-page";
import { pageMeta } from "~/seo/meta";
import Content from "../../content/legal/cookies.mdx";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Cookie Policy",
    description: "Which cookies scam-free uses, why, and how you can control them.",
    path: "/cookies",
  });

export default function CookiesPage() {
  return <LegalPage title="Cookie Policy" Content={Content} />;
}
