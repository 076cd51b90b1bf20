import { isRouteErrorResponse, Link } from "react-router";
import { pathInLocale } from "~/i18n/locales";
import type { Translate } from "~/i18n/translate";
import { useT } from "~/i18n/use-translation";
import { NotFoundScreen } from "./not-found-screen";

/**
 * What a visitor sees when a page cannot be shown: the 404 screen for a missing page, a plain
 * explanation for a request we refused on purpose (the action's own message when it gave one),
 * and a calm apology for our own failures. Never a stack trace or an internal message.
 */
function describe(error: unknown, t: Translate): { title: string; message: string } {
  if (!isRouteErrorResponse(error)) return { title: t("error.title"), message: t("error.ours") };
  const given =
    typeof error.data === "string"
      ? error.data
      : typeof error.data?.message === "string"
        ? (error.data.message as string)
        : undefined;
  if (error.status >= 500) return { title: t("error.title"), message: given ?? t("error.ours") };
  return {
    title: error.status === 403 ? t("error.refused") : t("error.couldNot"),
    message: given ?? error.statusText ?? t("error.goBack"),
  };
}

export function ErrorScreen({ error }: { error: unknown }) {
  const t = useT();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  const { title, message } = describe(error, t);
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-brand-900">{title}</h1>
      <p className="mt-4 text-muted">{message}</p>
      <Link to={pathInLocale("/", t.locale)} className="mt-8 inline-block font-semibold text-brand-700 underline">
        {t("notFound.home")}
      </Link>
    </div>
  );
}
