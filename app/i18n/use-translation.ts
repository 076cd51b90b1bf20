import { useInRouterContext, useLocation } from "react-router";
import { localeOfPath, type Locale } from "./locales";
import { translatorFor, type Translate } from "./translate";

/** The pathname, or none outside a router (a component rendered on its own, in a test or a mail). */
function usePathname(): string | null {
  // The same hooks run on every render: whether there is a router never changes for a component.
  return useInRouterContext() ? useLocation().pathname : null;
}

/** The page's language, from its address (locales.ts): the same on the server and in the browser. */
export function useLocale(): Locale {
  const pathname = usePathname();
  return pathname === null ? "en" : localeOfPath(pathname);
}

/** `t("check.title")` in the page's language. */
export function useT(): Translate {
  return translatorFor(useLocale());
}
