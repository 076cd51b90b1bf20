import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/training.opt-in";
import { getDatabase } from "~/db/database.server";
import { localeOfPath, pathInLocale } from "~/i18n/locales";
import { translatorFor } from "~/i18n/translate";
import { useT } from "~/i18n/use-translation";
import { pageMeta } from "~/seo/meta";
import { hitLimit, retryMessage } from "~/security/request-limits.server";
import { optInSchemas } from "~/training/people/opt-in";
import { sendLiftLink } from "~/training/people/opt-in.server";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { FormMessage } from "~/ui/form-message";
import { TextField } from "~/ui/text-field";
import type { FormResult } from "~/validation/form-result";
import { readForm } from "~/validation/read-form.server";

// /training/opt-in and /es/training/opt-in (issue #39).
export const meta: Route.MetaFunction = (args) => {
  const locale = localeOfPath(args.location.pathname);
  const t = translatorFor(locale);
  return pageMeta(args, {
    title: t("optIn.metaTitle"),
    description: t("optIn.metaDescription"),
    path: pathInLocale("/training/opt-in", locale),
    noIndex: true,
  });
};

const NO_STORE = { "Cache-Control": "no-store" };
/** Requests from one network address: enough for a family, useless for probing many addresses. */
const PER_IP = { max: 10, windowSeconds: 60 * 60 };

/**
 * Only the address that said no can undo it: the link goes to that address, in the language of
 * this page. The answer is the same whether or not it had said no, so the page tells nobody about
 * anyone else's choice.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const t = translatorFor(localeOfPath(new URL(request.url).pathname));
  const parsed = optInSchemas(t).request.safeParse(await readForm(request));
  if (!parsed.success) {
    const message = parsed.error.issues[0]!.message;
    const result: FormResult = {
      ok: false,
      title: t("optIn.checkAddressTitle"),
      message,
      fields: { address: message },
    };
    return data(result, { status: 400, headers: NO_STORE });
  }
  const db = await getDatabase();
  const limit = await hitLimit(db, `practice-opt-in:ip:${context.clientIp ?? "unknown"}`, PER_IP);
  if (!limit.allowed) {
    const result: FormResult = {
      ok: false,
      title: t("optIn.waitTitle"),
      message: retryMessage(limit.retryAfterSeconds, t),
    };
    return data(result, { status: 429, headers: NO_STORE });
  }
  await sendLiftLink(db, parsed.data.address, t);
  // One answer whatever happened, so the page tells nobody whether an address said no or replied STOP.
  const result: FormResult = { ok: true, title: t("optIn.sentTitle"), message: t("optIn.sent") };
  return data(result, { headers: NO_STORE });
}

export default function TrainingOptIn({ actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-center text-3xl font-bold text-brand-900">{t("optIn.metaTitle")}</h1>
      <p className="mt-3 text-center text-muted">{t("optIn.lead")}</p>
      <Card className="mt-8">
        <Form method="post" noValidate className="space-y-4">
          <FormMessage result={actionData} />
          <TextField
            id="opt-in-address"
            label={t("optIn.addressLabel")}
            name="address"
            autoComplete="email"
            required
            error={actionData?.fields?.address}
          />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? t("optIn.sending") : t("optIn.send")}
          </Button>
        </Form>
      </Card>
      <p className="mt-6 text-center text-sm text-muted">{t("optIn.after")}</p>
    </section>
  );
}
