import type { EntryContext } from "react-router";
import { DEFERRED_HYDRATION, deferHydrationHandle, type HydrationHandle } from "./deferred-hydration";
import { standInScript } from "./hydrate-on-interaction";

/**
 * Whether this page hydrates on the visitor's first interaction instead of on load (decisions 021
 * and 023): a page whose route asks for it, answering a GET with 200 and with nothing to announce
 * (a flash message is a toast, which needs React at once), for an anonymous visitor or, where the
 * route says so (course pages), for a signed-in one too.
 */
export function hydratesOnInteraction(request: Request, status: number, context: EntryContext): boolean {
  if (status !== 200 || request.method !== "GET" || import.meta.env.DEV) return false;
  const { matches, loaderData, actionData, errors } = context.staticHandlerContext;
  if (actionData || errors) return false;
  const root = loaderData.root as { user?: unknown; flash?: unknown } | undefined;
  if (!root || root.flash) return false;
  const leaf = matches[matches.length - 1];
  const handle = leaf ? (context.routeModules[leaf.route.id]?.handle as HydrationHandle | undefined) : undefined;
  if (handle?.hydrate !== deferHydrationHandle.hydrate) return false;
  return !root.user || handle.signedIn === true;
}

const CONTEXT_SCRIPT = /<script(?: nonce="[^"]*")?>window\.__reactRouterContext = /;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;

/**
 * Parks React Router's scripts in an inert `<template>`: everything from its context script to the
 * end of the body (the context, the module that imports the entry and route modules, and the
 * loader data that follows), plus the `modulepreload` links from the head, which would otherwise
 * fetch the modules at once. In their place goes the small script that puts them back when the
 * visitor reaches for a button or a field (`hydrate-on-interaction.ts`). Answers null when the page
 * is not shaped as expected (React Router changed its output), and the page is then sent as it was.
 */
export function deferHydration(html: string, nonce: string | undefined): string | null {
  const scriptsStart = html.search(CONTEXT_SCRIPT);
  const bodyEnd = html.lastIndexOf("</body>");
  if (scriptsStart < 0 || bodyEnd < scriptsStart) return null;
  const preloads: string[] = [];
  const before = html.slice(0, scriptsStart).replace(MODULE_PRELOAD, (link) => {
    preloads.push(link);
    return "";
  });
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : "";
  return (
    before +
    `<template id="${DEFERRED_HYDRATION.templateId}">${preloads.join("")}${html.slice(scriptsStart, bodyEnd)}</template>` +
    `<script id="${DEFERRED_HYDRATION.bootstrapId}"${nonceAttribute}>${standInScript()}</script>` +
    html.slice(bodyEnd)
  );
}
