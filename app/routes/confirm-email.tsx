import { MailCheck } from "lucide-react";
import { data, Form, Link, useNavigation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/confirm-email";
import { ConfirmationTokenSchema } from "~/account/email-confirmation";
import { confirmEmailAddress } from "~/account/email-confirmation.server";
import { getLogger } from "~/config/logger.server";
import { pageMeta } from "~/seo/meta";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { readFormData } from "~/validation/read-form.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Confirm your email address",
    description: "Confirm the email address of your scam-free account.",
    path: "/confirm-email",
    noIndex: true,
  });

type View =
  | { state: "confirm"; token: string }
  | { state: "confirmed" }
  | { state: "expired" }
  | { state: "invalid"; message: string }
  | { state: "error" };

const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

function view(value: View, status: number) {
  return data(value, { status, headers: NO_STORE });
}

function invalid(error: { issues: { message: string }[] }) {
  return view({ state: "invalid", message: error.issues[0]?.message ?? "This confirmation link is not valid." }, 400);
}

/** GET only shows a button: mail scanners open links in emails, and that must not confirm anything. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = ConfirmationTokenSchema.safeParse(new URL(request.url).searchParams.get("token") ?? undefined);
  if (!token.success) return invalid(token.error);
  return view({ state: "confirm", token: token.data }, 200);
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request);
  const token = ConfirmationTokenSchema.safeParse(form.get("token") ?? undefined);
  if (!token.success) return invalid(token.error);
  try {
    const outcome = await confirmEmailAddress(token.data);
    if (outcome === "confirmed") return view({ state: "confirmed" }, 200);
    if (outcome === "expired") return view({ state: "expired" }, 400);
    return view({ state: "invalid", message: "This confirmation link is not valid." }, 400);
  } catch (error) {
    getLogger().error({ err: error }, "email confirmation failed");
    return view({ state: "error" }, 503);
  }
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const current: View = actionData ?? loaderData;
  const busy = useNavigation().state === "submitting";
  const signedIn = Boolean(useRouteLoaderData<{ user: unknown }>("root")?.user);
  const next = signedIn ? { to: "/account", label: "Go to My Account" } : { to: "/auth", label: "Sign in" };
  return (
    <section className="mx-auto max-w-lg px-4 py-16">
      <Card className="text-center">
        <MailCheck aria-hidden="true" className="mx-auto h-10 w-10 text-brand-700" />
        {current.state === "confirm" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">Confirm your email address</h1>
            <p className="mt-3 text-muted">
              Press the button to confirm that this email address is yours. If a relative bought the Training Program
              and named this address, this is what opens it for you.
            </p>
            <Form method="post" className="mt-6">
              <input type="hidden" name="token" value={current.token} />
              <Button type="submit" disabled={busy}>
                {busy ? "Confirming..." : "Confirm my email address"}
              </Button>
            </Form>
          </>
        )}
        {current.state === "confirmed" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">Email address confirmed</h1>
            <p role="status" className="mt-3 text-muted">
              Thank you. Your account now has everything that comes with this address, including a family membership
              that names it.
            </p>
          </>
        )}
        {current.state === "expired" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">This link has expired</h1>
            <p role="alert" className="mt-3 text-muted">
              Confirmation links work for a few days. Sign in and ask for a new one on My Account; nothing was changed.
            </p>
          </>
        )}
        {current.state === "invalid" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">This link does not work</h1>
            <p role="alert" className="mt-3 text-muted">
              {current.message} Please use the link from our most recent email, or ask for a new one on My Account.
            </p>
          </>
        )}
        {current.state === "error" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">Something went wrong</h1>
            <p role="alert" className="mt-3 text-muted">
              We could not confirm your address just now. Please try the link again in a few minutes.
            </p>
          </>
        )}
        <p className="mt-8 text-sm">
          <Link to={next.to} className="font-medium text-brand-700 underline">
            {next.label}
          </Link>
        </p>
      </Card>
    </section>
  );
}
