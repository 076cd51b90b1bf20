import { useMatches } from "react-router";

/**
 * A page that needs no JavaScript in the browser says so with `export const handle = noScriptsHandle`
 * (React Router's route `handle`): it is rendered with React on the server as every page is, and the
 * root then leaves out `<Scripts />` and `<ScrollRestoration />`, so the browser downloads no script
 * at all. Its links are whole page loads and its few widgets are the platform's own (the site menu
 * is a popover). Issue #24, decision 037.
 */
export const noScriptsHandle = { scripts: false } as const;

type ScriptsHandle = { scripts?: boolean } | undefined;

/** False when a matched route said it needs no script. */
export function usePageNeedsScripts(): boolean {
  return !useMatches().some((match) => (match.handle as ScriptsHandle)?.scripts === false);
}
