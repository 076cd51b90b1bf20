import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { resetPassword } from "~/account/account-actions.server";
import { PASSWORD_HINT } from "~/account/auth-schemas";
import { useResultToast } from "~/account/use-result-toast";
import { pageMeta } from "~/seo/meta";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { setFlash } from "~/ui/flash.server";
import { FormMessage } from "~/ui/form-message";
import { TextField } from "~/ui/text-field";
import { readForm } from "~/validation/read-form.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Choose a new password",
    description: "Set a new password for your scam-free account.",
    path: "/reset-password",
    noIndex: true,
  });

/** better-auth checks the emailed link and sends the person here with ?token= (or ?error=). */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  return { token: token && token.length <= 200 ? token : null, linkError: Boolean(url.searchParams.get("error")) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const { status, result } = await resetPassword(request, form, context.clientIp);
  if (!result.ok) return data(result, { status });
  throw redirect("/auth", {
    headers: { "Set-Cookie": await setFlash({ kind: "success", title: result.title, message: result.message }) },
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  useResultToast(actionData);
  const usable = loaderData.token && !loaderData.linkError;
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-center text-3xl font-bold text-brand-900">Choose a new password</h1>
      <Card className="mt-8">
        {usable ? (
          <Form method="post" noValidate className="space-y-4">
            <input type="hidden" name="token" value={loaderData.token ?? ""} />
            <FormMessage result={actionData} />
            <TextField
              id="reset-password"
              label="New password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={6}
              hint={PASSWORD_HINT}
              error={actionData?.fields?.password}
            />
            <TextField
              id="reset-confirm"
              label="Type it again"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              required
              error={actionData?.fields?.confirmPassword}
            />
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? "Saving..." : "Save new password"}
            </Button>
          </Form>
        ) : (
          <div role="alert" className="space-y-4">
            <p className="font-semibold text-danger-600">This reset link is invalid, already used or expired.</p>
            <p>Reset links work once and only for 60 minutes. You can ask for a new one.</p>
            <Link to="/forgot-password" className="inline-block font-semibold text-brand-700 underline">
              Send me a new link
            </Link>
          </div>
        )}
      </Card>
    </section>
  );
}
