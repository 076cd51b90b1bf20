import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/training.opt-in";
import { getDatabase } from "~/db/database.server";
import { pageMeta } from "~/seo/meta";
import { hitLimit, retryMessage } from "~/security/request-limits.server";
import { OptInRequestSchema } from "~/training/people/opt-in";
import { sendLiftLink } from "~/training/people/opt-in.server";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { FormMessage } from "~/ui/form-message";
import { TextField } from "~/ui/text-field";
import type { FormResult } from "~/validation/form-result";
import { readForm } from "~/validation/read-form.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Get practice messages again",
    description: "Ask for a link that lets scam-free practice messages reach your address again.",
    path: "/training/opt-in",
    noIndex: true,
  });

const NO_STORE = { "Cache-Control": "no-store" };
/** Requests from one network address: enough for a family, useless for probing many addresses. */
const PER_IP = { max: 10, windowSeconds: 60 * 60 };

/**
 * Only the address that said no can undo it: the link goes to that address. The answer is the same
 * whether or not it had said no, so the page tells nobody about anyone else's choice.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = OptInRequestSchema.safeParse(await readForm(request));
  if (!parsed.success) {
    const message = parsed.error.issues[0]!.message;
    const result: FormResult = { ok: false, title: "Check the address", message, fields: { address: message } };
    return data(result, { status: 400, headers: NO_STORE });
  }
  const db = await getDatabase();
  const limit = await hitLimit(db, `practice-opt-in:ip:${context.clientIp ?? "unknown"}`, PER_IP);
  if (!limit.allowed) {
    const result: FormResult = { ok: false, title: "Please wait", message: retryMessage(limit.retryAfterSeconds) };
    return data(result, { status: 429, headers: NO_STORE });
  }
  await sendLiftLink(db, parsed.data.address);
  // One answer whatever happened, so the page tells nobody whether an address said no or replied STOP.
  const result: FormResult = {
    ok: true,
    title: "Check your messages",
    message:
      "If that address asked us to stop practice messages, we have sent it a link to start them again. It works for 24 hours. A number that replied STOP to our texts has to reply START first.",
  };
  return data(result, { headers: NO_STORE });
}

export default function TrainingOptIn({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-center text-3xl font-bold text-brand-900">Get practice messages again</h1>
      <p className="mt-3 text-center text-muted">
        Said “No thanks”, “This isn&apos;t me” or stop, and changed your mind? Type the email address or mobile number
        that said it. We send a link there, and only that link can undo it.
      </p>
      <Card className="mt-8">
        <Form method="post" noValidate className="space-y-4">
          <FormMessage result={actionData} />
          <TextField
            id="opt-in-address"
            label="Email address or mobile number"
            name="address"
            autoComplete="email"
            required
            error={actionData?.fields?.address}
          />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Sending..." : "Send me the link"}
          </Button>
        </Form>
      </Card>
      <p className="mt-6 text-center text-sm text-muted">
        After that, practice messages start again only once you say yes to a family&apos;s invitation.
      </p>
    </section>
  );
}
