import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { Toaster } from "sonner";
import type { Route } from "./+types/root";
import { SiteFooter } from "~/layout/site-footer";
import { SiteHeader } from "~/layout/site-header";
import { NotFoundScreen } from "~/layout/not-found-screen";
import { useNonce } from "~/security/nonce";
import { getEnv } from "~/config/env.server";
import "./app.css";

export async function loader(_args: Route.LoaderArgs) {
  const env = getEnv();
  return {
    siteUrl: env.APP_URL,
    supportEmail: env.SUPPORT_EMAIL,
    user: null as null | { id: string; email: string },
  };
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
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter
          supportEmail={data?.supportEmail ?? "support@scam-free.example"}
          siteUrl={data?.siteUrl ?? ""}
        />
        <Toaster position="top-right" richColors closeButton />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
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
