import { Link } from "react-router";
import { pathInLocale } from "~/i18n/locales";
import { useT } from "~/i18n/use-translation";

/** The 404 page, in the language of the address that was asked for. */
export function NotFoundScreen() {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-brand-600" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold text-brand-900">{t("notFound.title")}</h1>
      <p className="mt-3 text-muted">{t("notFound.text")}</p>
      <Link
        to={pathInLocale("/", t.locale)}
        className="mt-8 inline-flex h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
      >
        {t("notFound.home")}
      </Link>
    </div>
  );
}
