import { Flag } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/red-flags";
import { loadAsWholePage, noScriptsHandle } from "~/layout/page-scripts";
import { listRedFlagPages } from "~/red-flags/red-flag-pages.server";
import { RED_FLAGS_PATH, redFlagPagePath } from "~/red-flags/red-flag-paths";
import { localeOfPath, pathInLocale } from "~/i18n/locales";
import { translatorFor } from "~/i18n/translate";
import { useT } from "~/i18n/use-translation";
import { pageMeta } from "~/seo/meta";

/**
 * Every kind of red flag, for anyone (/red-flags): the index of the short public pages that the
 * "Learn more" links after a practice message open. No sign-in, no script needed. The same page
 * is /es/red-flags, listing the Spanish pages (content/red-flags/es/).
 */
// Reading only: no script in the browser (decision 037).
export const handle = noScriptsHandle;
export const clientLoader = loadAsWholePage;

export const meta: Route.MetaFunction = (args) => {
  const locale = localeOfPath(args.location.pathname);
  const t = translatorFor(locale);
  return pageMeta(args, {
    title: t("redFlags.title"),
    description: t("redFlags.metaDescription"),
    path: pathInLocale(RED_FLAGS_PATH, locale),
  });
};

export function loader({ request }: Route.LoaderArgs) {
  return { pages: listRedFlagPages(localeOfPath(new URL(request.url).pathname)) };
}

export default function RedFlagsIndex({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <section className="mx-auto max-w-5xl px-4 py-12 sm:py-16" aria-labelledby="red-flags-title">
      <h1 id="red-flags-title" className="text-3xl font-extrabold text-brand-900 sm:text-4xl">
        {t("redFlags.title")}
      </h1>
      <p className="mt-3 max-w-2xl text-lg text-muted">{t("redFlags.lead")}</p>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2">
        {loaderData.pages.map((page) => (
          <li key={page.slug} className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <Flag aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-warn-700" />
            <div className="min-w-0">
              <h2 className="text-lg font-bold text-brand-900">
                <Link
                  to={pathInLocale(redFlagPagePath(page.slug), t.locale)}
                  className="text-brand-700 underline underline-offset-2 hover:text-brand-900"
                >
                  {page.title}
                </Link>
              </h2>
              <p className="mt-1 text-muted">{page.summary}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-10 text-muted">
        {t.rich("redFlags.wholeStory", {
          link: (chunks) => (
            <Link
              to={pathInLocale("/course", t.locale)}
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              {chunks}
            </Link>
          ),
        })}
      </p>
    </section>
  );
}
