import { useEffect } from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { SiteFooter } from "~/layout/site-footer";
import { NavigationStatus } from "~/layout/navigation-status";
import { SiteHeader } from "~/layout/site-header";
import { ErrorScreen } from "~/layout/error-screen";
import { useNonce } from "~/security/nonce";
import { toast, Toasts } from "~/ui/toast";
import { getEnv } from "~/config/env.server";
import { loadSession } from "~/account/session.server";
import { getDatabase } from "~/db/database.server";
import { trainingMenuHref } from "~/training/people/programs.server";
import { readFlash } from "~/ui/flash.server";
import { announceHydrated } from "~/layout/hydrated";
import { usePageNeedsScripts } from "~/layout/page-scripts";
import { readLanguageChoice } from "~/i18n/language-choice.server";
import { suggestedEdition } from "~/i18n/locales";
import { LanguageLine } from "~/layout/language-switch";
import { ContentLocale, useLocale } from "~/i18n/use-translation";
import { translatorFor } from "~/i18n/translate";
import type { Locale } from "~/i18n/locales";
import "./app.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = getEnv();
  const [{ user, headers }, { flash, clear }] = await Promise.all([
    loadSession({ request, context }),
    readFlash(request),
  ]);
  // "Training" in the menu opens a plan holder's own Training Program (one read, signed in only).
  const trainingHref = user ? await trainingMenuHref(await getDatabase(), user.id) : "/pricing";
  const responseHeaders = new Headers();
  for (const cookie of headers.getSetCookie()) responseHeaders.append("Set-Cookie", cookie);
  if (clear) responseHeaders.append("Set-Cookie", clear);
  // The page's address in a `.data` request is the page's own (React Router names it "/_root.data" for "/").
  const url = new URL(request.url);
  const pagePath = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  return data(
    {
      siteUrl: env.APP_URL,
      // Practice pages on their own host need no script (their buttons are plain form posts), and
      // its links go to the main site as whole pages.
      onPracticeHost: Boolean(env.practice && new URL(request.url).host === new URL(env.practice.linkOrigin).host),
      supportEmail: env.SUPPORT_EMAIL,
      user: user ? { email: user.email } : null,
      trainingHref,
      flash,
      // The other edition of this page, offered in a line (never a redirect): the same answer the
      // page cache keys on (http/cacheable-pages.ts), so a cached page carries the right line.
      languageLine: suggestedEdition(pagePath, request.headers.get("accept-language"), readLanguageChoice(request)),
    },
    { headers: responseHeaders },
  );
}

type Flash = { id: string; kind: "success" | "error" | "info"; title: string; message?: string };

function FlashText({ flash }: { flash: Flash }) {
  return (
    <p role="status" className="bg-brand-50 px-4 py-3 text-center">
      <strong>{flash.title}</strong> {flash.message}
    </p>
  );
}

/**
 * A one-time message from the previous request: a toast, and the same words as text where there is
 * no script to show the toast (JavaScript off, or a page that ships none).
 */
function FlashMessage({ flash, withScripts }: { flash: Flash | null | undefined; withScripts: boolean }) {
  useEffect(() => {
    if (!flash) return;
    const show = toast[flash.kind];
    show(flash.title, { description: flash.message, id: flash.id });
  }, [flash]);
  if (!flash) return null;
  if (!withScripts) return <FlashText flash={flash} />;
  return (
    <noscript>
      <FlashText flash={flash} />
    </noscript>
  );
}

/**
 * A route whose page stands alone (a practice landing page): no site header, footer or toasts.
 * Only once its loader found the page: an address that merely has a landing's shape
 * (`/some/where`) is the site's ordinary 404, with its header.
 */
/**
 * A page whose language is its content's, not its address's (issue #39): the pages behind a
 * practice token are in the message's language. Such a route says so in its handle
 * (`contentLanguage(data)`); the whole document then follows, header and footer included.
 */
function useContentLanguage(): Locale | null {
  for (const match of useMatches()) {
    const handle = match.handle as { contentLanguage?: (data: unknown) => Locale | undefined } | undefined;
    const language = match.data !== undefined ? handle?.contentLanguage?.(match.data) : undefined;
    if (language) return language;
  }
  return null;
}

function useBareLayout() {
  return useMatches().some(
    (match) => (match.handle as { bareLayout?: boolean } | undefined)?.bareLayout && match.data !== undefined,
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const bare = useBareLayout();
  // Practice pages on their own host, and pages that said they need none, ship no script at all.
  const pageNeedsScripts = usePageNeedsScripts();
  const withScripts = pageNeedsScripts && !data?.onPracticeHost;
  const addressLocale = useLocale();
  const locale = useContentLanguage() ?? addressLocale;
  const t = translatorFor(locale);
  return (
    <ContentLocale.Provider value={locale === addressLocale ? null : locale}>
      <html lang={locale}>
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="theme-color" content="#163e85" />
          {/* A page that stands alone (a practice landing page) wears the invented organisation's look,
            never our shield: an empty icon, which also stops the browser asking for /favicon.ico. */}
          {bare ? <link rel="icon" href="data:," /> : <link rel="icon" href="/favicon.svg" type="image/svg+xml" />}
          {/* The installable web app ("Is this a scam?" on the home screen, and the phone's share
            sheet: public/manifest.webmanifest). */}
          {!bare && <link rel="manifest" href="/manifest.webmanifest" />}
          {!bare && <link rel="apple-touch-icon" href="/apple-touch-icon.png" />}
          <Meta />
          <Links />
        </head>
        <body className="flex min-h-screen flex-col">
          {bare ? (
            <main id="main" className="flex-1">
              {children}
            </main>
          ) : (
            <>
              <a
                href="#main"
                className="sr-only z-50 rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
              >
                {t("layout.skipToContent")}
              </a>
              <SiteHeader signedIn={Boolean(data?.user)} trainingHref={data?.trainingHref} />
              {data?.languageLine && <LanguageLine edition={data.languageLine} />}
              <FlashMessage flash={data?.flash} withScripts={withScripts} />
              <main id="main" className="flex-1">
                {children}
              </main>
              <SiteFooter
                supportEmail={data?.supportEmail ?? "support@scam-free.example"}
                siteUrl={data?.siteUrl ?? ""}
              />
              {withScripts && <Toasts />}
            </>
          )}
          {withScripts && (
            <>
              <ScrollRestoration nonce={nonce} />
              <Scripts nonce={nonce} />
            </>
          )}
        </body>
      </html>
    </ContentLocale.Provider>
  );
}

export default function App() {
  useEffect(announceHydrated, []);
  return (
    <>
      <NavigationStatus />
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} />;
}
