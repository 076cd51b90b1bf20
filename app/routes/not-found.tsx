import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundScreen } from "~/layout/not-found-screen";
import { getLogger } from "~/config/logger.server";
import { pageMeta } from "~/seo/meta";

export function loader({ request }: Route.LoaderArgs) {
  getLogger().info({ path: new URL(request.url).pathname }, "page not found");
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Page not found",
    description: "This page does not exist on scam-free.",
    path: "/404",
    noIndex: true,
  });

export default function NotFound() {
  return <NotFoundScreen />;
}
