import { createContext, useContext } from "react";
import { useInRouterContext, useLocation } from "react-router";
import { localeOfPath, type Locale } from "./locales";
import { translatorFor, type Translate } from "./translate";

/** The pathname, or none outside a router (a component rendered on its own, in a test or a mail). */
function usePathname(): string | null {
  // The same hooks run on every render: whether there is a router never changes for a component.
  return useInRouterContext() ? useLocation().pathname : null;
}

/**
 * A part of a page whose language is not its address's: the pages after a practice message's link
 * are in the language of the message (/practice/<token>/feedback in Spanish for a Spanish reader,
 * issue #39). Set with `<ContentLocale.Provider value="es">`, beside a `lang` attribute.
 */
export const ContentLocale = createContext<Locale | null>(null);

/** The page's language, from its address (locales.ts), unless a ContentLocale says otherwise. */
export function useLocale(): Locale {
  const pathname = usePathname();
  const content = useContext(ContentLocale);
  if (content) return content;
  return pathname === null ? "en" : localeOfPath(pathname);
}

/** `t("check.title")` in the page's language. */
export function useT(): Translate {
  return translatorFor(useLocale());
}
