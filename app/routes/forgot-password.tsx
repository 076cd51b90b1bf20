import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { requestPasswordReset } from "~/account/account-actions.server";
import { useResultToast } from "~/account/use-result-toast";
import { pageMeta } from "~/seo/meta";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { FormMessage } from "~/ui/form-message";
import { TextField } from "~/ui/text-field";
import { readForm } from "~/validation/read-form.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Forgot your password?",
    description: "Get a link to choose a new scam-free password.",
    path: "/forgot-password",
    noIndex: true,
  });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const { status, result } = await requestPasswordReset(request, form, context.clientIp);
  return data(result, { status });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  useResultToast(actionData);
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-center text-3xl font-bold text-brand-900">Forgot your password?</h1>
      <p className="mt-3 text-center text-muted">
        Type the email you signed up with. We will send a link to choose a new password.
      </p>
      <Card className="mt-8">
        <Form method="post" noValidate className="space-y-4">
          <FormMessage result={actionData} />
          <TextField
            id="forgot-email"
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            error={actionData?.fields?.email}
          />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Sending..." : "Send reset link"}
          </Button>
          <p className="text-center text-sm">
            <Link to="/auth" className="font-medium text-brand-700 underline">
              Back to sign in
            </Link>
          </p>
        </Form>
      </Card>
    </section>
  );
}
