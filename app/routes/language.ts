import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/language";
import { getEnv } from "~/config/env.server";
import { chosenLanguageCookie, dismissedLineCookie, returnPath, sitePath } from "~/i18n/language-choice.server";
import { readForm } from "~/validation/read-form.server";

/**
 * The language switch in the header and footer (a plain link, so it works without JavaScript):
 * `/language?to=es&next=/check` remembers the choice in a cookie and goes to that page's Spanish
 * edition (or the Spanish home when the page has none). "No, thanks" on the line that offers the
 * other edition posts here and hides it for good. One redirect to a page named in the request,
 * never a guess, so there is no loop.
 */

const SwitchSchema = z.object({ to: z.enum(["en", "es"]), next: z.string().max(2_000).optional() });
const DismissSchema = z.object({ next: z.string().max(2_000).optional() });

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = SwitchSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) {
    return new Response("Choose a language: /language?to=en or /language?to=es", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return redirect(returnPath(parsed.data.next ?? null, parsed.data.to), {
    status: 303,
    headers: { "Set-Cookie": chosenLanguageCookie(parsed.data.to, getEnv().isHttps), "Cache-Control": "no-store" },
  });
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = DismissSchema.safeParse(await readForm(request));
  const here = sitePath(parsed.success ? parsed.data.next : null);
  return redirect(`${here.pathname}${here.search}`, {
    status: 303,
    headers: { "Set-Cookie": dismissedLineCookie(getEnv().isHttps), "Cache-Control": "no-store" },
  });
}
