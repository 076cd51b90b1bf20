import { useLocation } from "react-router";
import { cn } from "~/ui/cn";
import { localeOfPath, type Locale } from "~/i18n/locales";
import { useT } from "~/i18n/use-translation";

/**
 * The link to the other language, in the header and the footer: a plain link (it works without
 * JavaScript) through /language, which remembers the choice and opens this page's edition in that
 * language, or the Spanish home when this page has none yet. It carries the page's path and never
 * its query: a message shared to /check?text=… must not be written into the page's links.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useT();
  const { pathname } = useLocation();
  const other: Locale = localeOfPath(pathname) === "es" ? "en" : "es";
  const href = `/language?${new URLSearchParams({ to: other, next: pathname })}`;
  return (
    <a href={href} hrefLang={other} lang={other} title={t("language.switchLabel")} className={cn(className)}>
      {t("language.switch")}
    </a>
  );
}

/**
 * A line under the header that offers this page in the other language, written in that language:
 * to a browser that puts Spanish first, or to someone who chose it before. It never redirects,
 * and "No, thanks" (a plain form post) hides it for good.
 */
export function LanguageLine({ edition }: { edition: { locale: Locale; path: string } }) {
  const t = useT();
  // The path only, never the query (see LanguageSwitch).
  const { pathname } = useLocation();
  return (
    <div lang={edition.locale} className="border-b border-brand-100 bg-brand-50">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 text-sm">
        <p>
          {t("language.suggestion")}{" "}
          <a
            href={`/language?${new URLSearchParams({ to: edition.locale, next: edition.path })}`}
            hrefLang={edition.locale}
            className="font-semibold text-brand-800 underline underline-offset-2"
          >
            {t("language.suggestionLink")}
          </a>
        </p>
        <form method="post" action="/language" className="ml-auto">
          <input type="hidden" name="next" value={pathname} />
          <button type="submit" className="rounded px-2 py-1 font-medium text-brand-800 hover:bg-brand-100">
            {t("language.dismiss")}
          </button>
        </form>
      </div>
    </div>
  );
}
