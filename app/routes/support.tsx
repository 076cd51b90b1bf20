import { Clock, Mail, Star } from "lucide-react";
import { data, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/support";
import { getSessionUser } from "~/account/session.server";
import { hasMemberAccessNow, memberIdentity } from "~/billing/membership.server";
import { getLogger } from "~/config/logger.server";
import { getDatabase } from "~/db/database.server";
import { Honeypot } from "~/security/honeypot";
import { pageMeta } from "~/seo/meta";
import { handleSupportRequest } from "~/support/support.server";
import {
  MAX_MESSAGE_LENGTH,
  MAX_SUBJECT_LENGTH,
  REPLY_PROMISE,
  SUPPORT_HONEYPOT_FIELD,
  SUPPORT_MESSAGES,
  SupportSchema,
  supportValidationResult,
  type SupportResult,
} from "~/support/support-schema";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { FormMessage } from "~/ui/form-message";
import { FieldError, Label, Textarea } from "~/ui/input";
import { TextField } from "~/ui/text-field";
import { useFetcherForm } from "~/ui/use-fetcher-form";
import { readForm } from "~/validation/read-form.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Support",
    description: "Questions about the course, the Training Program or a message you are not sure about? Write to us.",
    path: "/support",
  });

/** A signed-in member is told their requests come first (the action decides priority again on send). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser({ request, context });
  let member = false;
  if (user) {
    try {
      member = await hasMemberAccessNow(await getDatabase(), memberIdentity(user));
    } catch (error) {
      getLogger().error({ err: error }, "subscription check failed on the support page; no priority note");
    }
  }
  return { email: user?.email ?? "", member };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  try {
    const user = await getSessionUser({ request, context });
    const { status, result } = await handleSupportRequest(await getDatabase(), form, {
      user,
      clientIp: context.clientIp,
    });
    return data(result, { status });
  } catch (error) {
    getLogger().error({ err: error }, "support action failed");
    const { title, text } = SUPPORT_MESSAGES.failed;
    const result: SupportResult = { ok: false, title, message: text };
    return data(result, { status: 503 });
  }
}

function SupportForm({ defaultEmail, initialResult }: { defaultEmail: string; initialResult?: SupportResult }) {
  const { fetcher, formRef, clientResult, onSubmit, busy } = useFetcherForm<SupportResult>({
    validate: (form) => {
      const parsed = SupportSchema.safeParse(Object.fromEntries(new FormData(form)));
      return parsed.success ? null : supportValidationResult(parsed.error);
    },
  });
  const result = clientResult ?? fetcher.data ?? initialResult;

  const errors = result && !result.ok ? (result.fields ?? {}) : {};
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/support"
      noValidate
      onSubmit={onSubmit}
      className="relative space-y-4"
    >
      {!fetcher.data && !clientResult && <FormMessage result={result} />}
      <TextField
        id="support-name"
        label="Name"
        name="name"
        autoComplete="name"
        required
        maxLength={100}
        error={errors.name}
      />
      <TextField
        id="support-email"
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={defaultEmail}
        error={errors.email}
      />
      <TextField
        id="support-subject"
        label="Subject (optional)"
        name="subject"
        maxLength={MAX_SUBJECT_LENGTH}
        error={errors.subject}
      />
      <div>
        <Label htmlFor="support-message">Message</Label>
        <Textarea
          id="support-message"
          name="message"
          required
          maxLength={MAX_MESSAGE_LENGTH}
          aria-invalid={Boolean(errors.message)}
          aria-describedby="support-message-error"
        />
        <FieldError id="support-message-error" message={errors.message} />
      </div>
      <Honeypot name={SUPPORT_HONEYPOT_FIELD} idPrefix="support" />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Sending..." : "Send Message"}
      </Button>
    </fetcher.Form>
  );
}

export default function Support({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRouteLoaderData("root") as { supportEmail?: string } | undefined;
  const supportEmail = root?.supportEmail ?? "support@scam-free.example";
  return (
    <section className="mx-auto max-w-5xl px-4 py-16">
      <h1 className="text-3xl font-bold text-brand-900 md:text-4xl">Support</h1>
      <p className="mt-3 max-w-2xl text-lg text-muted">
        A question about the course or the Training Program, or a message you are not sure is real? Ask us.
      </p>
      <div className="mt-10 grid gap-8 md:grid-cols-[1fr_18rem]">
        <Card>
          <h2 className="text-xl font-bold text-brand-900">Send us a message</h2>
          {loaderData.member && (
            <p
              data-testid="priority-support-note"
              className="mt-3 flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-amber-900"
            >
              <Star aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
              You&apos;re a Training Program member, so we answer your requests first.
            </p>
          )}
          <div className="mt-4">
            <SupportForm defaultEmail={loaderData.email} initialResult={actionData ?? undefined} />
          </div>
        </Card>
        <div className="space-y-4">
          <Card>
            <p className="flex items-start gap-3">
              <Clock aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-brand-700" />
              <span>
                <strong className="block">Replies</strong>
                {REPLY_PROMISE} Training Program members are answered first.
              </span>
            </p>
          </Card>
          <Card>
            <p className="flex items-start gap-3">
              <Mail aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-brand-700" />
              <span>
                <strong className="block">Prefer email?</strong>
                <a href={`mailto:${supportEmail}`} className="break-all text-brand-700 underline">
                  {supportEmail}
                </a>
              </span>
            </p>
          </Card>
        </div>
      </div>
    </section>
  );
}
