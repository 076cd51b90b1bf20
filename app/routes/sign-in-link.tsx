import { KeyRound } from "lucide-react";
import { data, Form, Link, redirectDocument, useNavigation } from "react-router";
import type { Route } from "./+types/sign-in-link";
import { SignInLinkTokenSchema } from "~/account/sign-in-link";
import { signInWithLink } from "~/account/sign-in-link.server";
import { pageMeta } from "~/seo/meta";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { setFlash } from "~/ui/flash.server";
import { readFormData } from "~/validation/read-form.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Sign in with your emailed link",
    description: "Sign in to scam-free with the one-time link from our email.",
    path: "/sign-in-link",
    noIndex: true,
  });

type View = { state: "confirm"; token: string } | { state: "invalid"; message: string };

const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

const USED_OR_EXPIRED =
  "This sign-in link has expired or was already used. Wait until signing in with your password works again, or reset your password.";

const PASSWORD_REMOVED =
  'Welcome back! Your email address is now confirmed. The password chosen before it was confirmed no longer works (anyone could have chosen it): to sign in with a password again, choose a new one with "Forgot password?" on the sign-in page.';

function view(value: View, status: number) {
  return data(value, { status, headers: NO_STORE });
}

/** GET only shows a button: mail scanners open links in emails, and that must not use up the link. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = SignInLinkTokenSchema.safeParse(new URL(request.url).searchParams.get("token") ?? undefined);
  if (!token.success) return view({ state: "invalid", message: token.error.issues[0]!.message }, 400);
  return view({ state: "confirm", token: token.data }, 200);
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const token = SignInLinkTokenSchema.safeParse(form.get("token") ?? undefined);
  if (!token.success) return view({ state: "invalid", message: token.error.issues[0]!.message }, 400);
  const signedIn = await signInWithLink(request, token.data, context.clientIp);
  if (!signedIn) return view({ state: "invalid", message: USED_OR_EXPIRED }, 400);
  const headers = new Headers(NO_STORE);
  for (const cookie of signedIn.setCookie) headers.append("Set-Cookie", cookie);
  headers.append(
    "Set-Cookie",
    await setFlash(
      signedIn.passwordRemoved
        ? { kind: "success", title: "Signed in", message: PASSWORD_REMOVED }
        : { kind: "success", title: "Signed in", message: "Welcome back! Your password works again too." },
    ),
  );
  throw redirectDocument("/account", { headers });
}

export default function SignInLink({ loaderData, actionData }: Route.ComponentProps) {
  const current: View = actionData ?? loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <section className="mx-auto max-w-lg px-4 py-16">
      <Card className="text-center">
        <KeyRound aria-hidden="true" className="mx-auto h-10 w-10 text-brand-700" />
        {current.state === "confirm" ? (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">Sign in to your account</h1>
            <p className="mt-3 text-muted">
              Someone tried many wrong passwords on your account, so signing in with the password is paused for a while.
              This button signs you in once and ends the pause.
            </p>
            <Form method="post" className="mt-6">
              <input type="hidden" name="token" value={current.token} />
              <Button type="submit" disabled={busy}>
                {busy ? "Signing in..." : "Sign me in"}
              </Button>
            </Form>
          </>
        ) : (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">This link does not work</h1>
            <p role="alert" className="mt-3 text-muted">
              {current.message}
            </p>
          </>
        )}
        <p className="mt-8 text-sm">
          <Link to="/forgot-password" className="font-medium text-brand-700 underline">
            Reset your password
          </Link>
        </p>
      </Card>
    </section>
  );
}
