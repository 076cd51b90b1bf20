import type { Route } from "./+types/terms";
import { localeOfPath, pathInLocale } from "~/i18n/locales";
import { translatorFor } from "~/i18n/translate";
import { useLocale } from "~/i18n/use-translation";
import { LegalPage } from "~/legal/legal-page";
import { pageMeta } from "~/seo/meta";
import Content from "../../content/legal/terms.mdx";
import SpanishContent from "../../content/legal/es/terms.mdx";
import { loadAsWholePage, noPageData, noScriptsHandle } from "~/layout/page-scripts";

// Reading only: no script in the browser (decision 037). /es/terms is the Spanish version; it says
// the English one is binding (issue #39).
export const handle = noScriptsHandle;
export const loader = noPageData;
export const clientLoader = loadAsWholePage;

export const meta: Route.MetaFunction = (args) => {
  const locale = localeOfPath(args.location.pathname);
  const t = translatorFor(locale);
  return pageMeta(args, {
    title: t("legal.terms.title"),
    description: t("legal.terms.description"),
    path: pathInLocale("/terms", locale),
  });
};

export default function TermsPage() {
  const locale = useLocale();
  return (
    <LegalPage
      title={translatorFor(locale)("legal.terms.title")}
      Content={locale === "es" ? SpanishContent : Content}
    />
  );
}
