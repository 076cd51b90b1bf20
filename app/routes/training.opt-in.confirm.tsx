import { ShieldCheck } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/training.opt-in.confirm";
import { getDatabase } from "~/db/database.server";
import { pageMeta } from "~/seo/meta";
import { findLiftRequest, liftByToken } from "~/training/people/address-consent.server";
import { OptInConfirmSchema } from "~/training/people/opt-in";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { FormMessage } from "~/ui/form-message";
import type { FormResult } from "~/validation/form-result";
import { readForm } from "~/validation/read-form.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Let practice messages reach you again?",
    description: "Undo a stop of scam-free practice messages.",
    path: "/training/opt-in",
    noIndex: true,
  });

const NO_STORE = { "Cache-Control": "no-store" };

/** GET only shows (mail scanners open links); the button POSTs. */
export async function loader({ params }: Route.LoaderArgs) {
  const request = await findLiftRequest(await getDatabase(), params.token);
  if (!request) throw data("Not found", { status: 404, headers: NO_STORE });
  return data({ address: request.address }, { headers: NO_STORE });
}

export async function action({ request, params }: Route.ActionArgs) {
  const parsed = OptInConfirmSchema.safeParse(await readForm(request));
  if (!parsed.success) {
    const result: FormResult = { ok: false, title: "Nothing was changed", message: parsed.error.issues[0]!.message };
    return data(result, { status: 400, headers: NO_STORE });
  }
  const lifted = await liftByToken(await getDatabase(), params.token);
  const result: FormResult = lifted
    ? {
        ok: true,
        title: "Done",
        message:
          "Practice messages may reach you again. They start once you say yes to an invitation: ask the person who signed you up to send it again.",
      }
    : { ok: false, title: "Link not found", message: "This link no longer works. Nothing was changed." };
  return data(result, { status: lifted ? 200 : 404, headers: NO_STORE });
}

export default function TrainingOptInConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <section className="mx-auto max-w-lg px-4 py-16">
      <Card className="p-5 sm:p-8">
        <ShieldCheck aria-hidden="true" className="h-10 w-10 text-brand-700" />
        <h1 className="mt-3 text-2xl font-bold text-brand-900">Let practice messages reach you again?</h1>
        {actionData ? (
          <div className="mt-4">
            <FormMessage result={actionData} />
          </div>
        ) : (
          <>
            <p className="mt-3 [overflow-wrap:anywhere]">
              You asked us not to send practice messages to <strong>{loaderData.address}</strong>. Press the button to
              undo that. Nothing is sent until you say yes to a family&apos;s invitation.
            </p>
            <Form method="post" className="mt-6">
              <input type="hidden" name="intent" value="lift" />
              <Button type="submit" disabled={busy}>
                Let practice messages reach me again
              </Button>
            </Form>
          </>
        )}
        <p className="mt-8 text-sm">
          <Link to="/" className="font-medium text-brand-700 underline">
            What is scam-free?
          </Link>
        </p>
      </Card>
    </section>
  );
}
