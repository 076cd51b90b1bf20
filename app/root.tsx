import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { toast, Toaster } from "sonner";
import type { Route } from "./+types/root";
import { SiteFooter } from "~/layout/site-footer";
import { NavigationStatus } from "~/layout/navigation-status";
import { SiteHeader } from "~/layout/site-header";
import { NotFoundScreen } from "~/layout/not-found-screen";
import { useNonce } from "~/security/nonce";
import { getEnv } from "~/config/env.server";
import { loadSession } from "~/account/session.server";
import { readFlash } from "~/ui/flash.server";
import "./app.css";

export async function loader({ request }: Route.LoaderArgs) {
  const env = getEnv();
  const [{ user, headers }, { flash, clear }] = await Promise.all([loadSession(request), readFlash(request)]);
  const responseHeaders = new Headers();
  for (const cookie of headers.getSetCookie()) responseHeaders.append("Set-Cookie", cookie);
  if (clear) responseHeaders.append("Set-Cookie", clear);
  return data(
    {
      siteUrl: env.APP_URL,
      supportEmail: env.SUPPORT_EMAIL,
      user: user ? { email: user.email } : null,
      flash,
    },
    { headers: responseHeaders },
  );
}

/** A one-time message from the previous request, as a toast (and as text without JavaScript). */
function FlashMessage({ flash }: { flash: { id: string; kind: "success" | "error"; title: string; message?: string } | null | undefined }) {
  useEffect(() => {
    if (!flash) return;
    const show = flash.kind === "success" ? toast.success : toast.error;
    show(flash.title, { description: flash.message, id: flash.id });
  }, [flash]);
  if (!flash) return null;
  return (
    <noscript>
      <p role="status" className="bg-brand-50 px-4 py-3 text-center">
        <strong>{flash.title}</strong> {flash.message}
      </p>
    </noscript>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#163e85" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <SiteHeader signedIn={Boolean(data?.user)} />
        <FlashMessage flash={data?.flash} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter
          supportEmail={data?.supportEmail ?? "support@scam-free.example"}
          siteUrl={data?.siteUrl ?? ""}
        />
        <Toaster position="top-right" closeButton toastOptions={{ classNames: { description: "!text-slate-700" } }} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <NavigationStatus />
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundScreen />;
  }
  const message = isRouteErrorResponse(error)
    ? error.data && typeof error.data === "string"
      ? error.data
      : error.statusText
    : "Something went wrong on our side. Please try again in a moment.";
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-brand-900">Something went wrong</h1>
      <p className="mt-4 text-muted">{message}</p>
      <a href="/" className="mt-8 inline-block font-semibold text-brand-700 underline">
        Return to Home
      </a>
    </div>
  );
}
