import { Menu, ShieldCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import type { MessageKey } from "~/i18n/messages/en";
import { LanguageSwitch } from "./language-switch";
import { pathInLocale, spanishPathOf, type Locale } from "~/i18n/locales";
import type { Translate } from "~/i18n/translate";
import { useT } from "~/i18n/use-translation";
import { cn } from "~/ui/cn";

interface NavItem {
  to: string;
  label: string;
  /** On a Spanish page, a link to a page that is in English only. */
  english?: boolean;
}

const MAIN_LINKS: { to: string; label: MessageKey }[] = [
  { to: "/", label: "nav.home" },
  { to: "/pricing", label: "nav.training" },
  { to: "/course", label: "nav.freeCourse" },
  { to: "/weekly-lessons", label: "nav.weeklyLessons" },
  { to: "/community", label: "nav.community" },
  { to: "/support", label: "nav.support" },
  { to: "/check", label: "nav.check" },
];

/** A link in the page's language: a page's Spanish edition from a Spanish page, else the page. */
function item(to: string, label: string, locale: Locale): NavItem {
  const english = locale === "es" && spanishPathOf(to) === null;
  return { to: pathInLocale(to, locale), label, ...(english ? { english } : {}) };
}

/** `trainingHref`: where "Training" leads, a plan holder's own Training Program or the plans (root loader). */
function linksFor(t: Translate, signedIn: boolean, trainingHref = "/pricing"): { main: NavItem[]; account: NavItem[] } {
  const main = MAIN_LINKS.map(({ to, label }) =>
    item(label === "nav.training" ? trainingHref : to, t(label), t.locale),
  );
  return {
    main: signedIn ? [...main, item("/account", t("nav.myAccount"), t.locale)] : main,
    account: signedIn ? [] : [item("/auth", t("nav.signIn"), t.locale)],
  };
}

const SITE_MENU_ID = "site-menu";

export function SiteHeader({ signedIn, trainingHref }: { signedIn: boolean; trainingHref?: string }) {
  const t = useT();
  const location = useLocation();
  // The phone menu is a popover (the platform's own: it opens, closes on Escape or a tap outside,
  // and says it is expanded, with or without JavaScript). A page change made by React Router is not
  // a new document, so there it is closed by hand.
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (menu.current?.matches(":popover-open")) menu.current.hidePopover();
  }, [location.pathname]);
  const { main, account } = linksFor(t, signedIn, signedIn ? trainingHref : undefined);
  const home = pathInLocale("/", t.locale);

  const scrollHomeToTop = (to: string) => {
    if (to === home && location.pathname === home) window.scrollTo({ top: 0 });
  };

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      "whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium text-ink hover:bg-brand-50 hover:text-brand-800",
      isActive && "text-brand-800 underline decoration-2 underline-offset-8",
    );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label={t("nav.main")} className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <Link
          to={home}
          onClick={() => scrollHomeToTop(home)}
          className="flex items-center gap-2 text-lg font-extrabold text-brand-800 xl:shrink-0 xl:whitespace-nowrap"
        >
          <ShieldCheck aria-hidden="true" className="h-7 w-7 text-safe-600" />
          scam-free
        </Link>
        <ul className="ml-auto hidden items-center gap-1 xl:flex">
          {main.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end
                className={linkClass}
                onClick={() => scrollHomeToTop(item.to)}
                {...(item.english ? { hrefLang: "en", title: t("nav.inEnglish", { label: item.label }) } : {})}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
          {account.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                className={linkClass}
                {...(item.english ? { hrefLang: "en", title: t("nav.inEnglish", { label: item.label }) } : {})}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
          <li>
            <LanguageSwitch className="whitespace-nowrap rounded-md px-2 py-2 text-sm font-semibold text-brand-800 underline underline-offset-4 hover:bg-brand-50" />
          </li>
          {!signedIn && (
            <li>
              <Link
                to={pathInLocale("/checkout", t.locale)}
                className="ml-2 whitespace-nowrap rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
              >
                {t("nav.getStarted")}
              </Link>
            </li>
          )}
        </ul>
        <LanguageSwitch className="ml-auto rounded-md px-2 py-2 text-sm font-semibold text-brand-800 underline underline-offset-4 hover:bg-brand-50 xl:hidden" />
        <button
          type="button"
          popoverTarget={SITE_MENU_ID}
          className="inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 xl:hidden"
        >
          <Menu aria-hidden="true" className="h-5 w-5" />
          {t("nav.menu")}
        </button>
      </nav>
      <div
        id={SITE_MENU_ID}
        ref={menu}
        popover="auto"
        className="inset-x-0 top-16 bottom-auto m-0 max-h-[calc(100dvh-4rem)] w-full max-w-none overflow-y-auto border-0 border-t border-b border-slate-200 bg-white p-0 text-ink shadow-lg xl:hidden"
      >
        <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">
          {[...main, ...account].map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end
                className={({ isActive }) =>
                  cn(
                    "block rounded-md px-3 py-3 text-base font-medium hover:bg-brand-50",
                    isActive && "bg-brand-50 text-brand-800",
                  )
                }
                onClick={() => scrollHomeToTop(item.to)}
                {...(item.english ? { hrefLang: "en" } : {})}
              >
                {item.english ? t("nav.inEnglish", { label: item.label }) : item.label}
              </NavLink>
            </li>
          ))}
          {!signedIn && (
            <li>
              <Link
                to={pathInLocale("/checkout", t.locale)}
                className="mt-2 block rounded-lg bg-brand-700 px-3 py-3 text-center text-base font-semibold text-white"
              >
                {t("nav.getStarted")}
              </Link>
            </li>
          )}
        </ul>
      </div>
    </header>
  );
}
