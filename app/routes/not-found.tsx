import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundScreen } from "~/layout/not-found-screen";
import { getLogger } from "~/config/logger.server";
import { localeOfPath } from "~/i18n/locales";
import { translatorFor } from "~/i18n/translate";
import { pageMeta } from "~/seo/meta";

export function loader({ request }: Route.LoaderArgs) {
  getLogger().info({ path: new URL(request.url).pathname }, "page not found");
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) => {
  const t = translatorFor(localeOfPath(args.location.pathname));
  return pageMeta(args, {
    title: t("notFound.metaTitle"),
    description: t("notFound.metaDescription"),
    path: "/404",
    noIndex: true,
  });
};

export default function NotFound() {
  return <NotFoundScreen />;
}
