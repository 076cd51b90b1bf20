import { MailCheck } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/practice.check";
import { getDatabase } from "~/db/database.server";
import { confirmDeliveryCheck, findDeliveryCheck } from "~/training/people/delivery-checks.server";
import {
  DeliveryCheckConfirmSchema,
  PRACTICE_PAGE_HEADERS,
  practicePageMeta,
} from "~/training/tracking/practice-pages";
import { Card } from "~/ui/card";
import type { FormResult } from "~/validation/form-result";
import { readForm } from "~/validation/read-form.server";
import { translatorFor } from "~/i18n/translate";
import type { PracticeLanguage } from "~/family/practice-language";

export const headers = () => PRACTICE_PAGE_HEADERS;

/** On the practice host, like the pages it tests: no site header or footer. */
export const handle = {
  bareLayout: true,
  contentLanguage: (data: { language?: PracticeLanguage }) => data.language,
};

export const meta: Route.MetaFunction = (args) => {
  const t = translatorFor(args.loaderData?.language ?? "en");
  return practicePageMeta(args, {
    title: t("deliveryCheck.pageTitle"),
    description: t("deliveryCheck.pageDescription"),
  });
};

/** The page's state, and the language of the person the test went to. */
type View = { state: "ask" | "confirmed"; language: PracticeLanguage };

async function requireCheck(token: string | undefined) {
  const db = await getDatabase();
  const check = await findDeliveryCheck(db, token);
  if (!check) throw data(null, { status: 404 });
  return { db, check };
}

/** Only shows: mail scanners open every link in an email, and that must not say "it arrived". */
export async function loader({ params }: Route.LoaderArgs) {
  const { check } = await requireCheck(params.token);
  return data({ state: check.confirmedAt ? "confirmed" : "ask", language: check.language } satisfies View, {
    headers: PRACTICE_PAGE_HEADERS,
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  const form = DeliveryCheckConfirmSchema.safeParse(await readForm(request));
  const { db, check } = await requireCheck(params.token);
  if (!form.success) {
    const t = translatorFor(check.language);
    throw data(
      { ok: false, title: t("people.nothingChangedTitle"), message: t("deliveryCheck.useButton") } satisfies FormResult,
      { status: 400, headers: PRACTICE_PAGE_HEADERS },
    );
  }
  await confirmDeliveryCheck(db, check.id, "link");
  return data({ state: "confirmed", language: check.language } satisfies View, { headers: PRACTICE_PAGE_HEADERS });
}

export default function DeliveryCheckPage({ loaderData, actionData }: Route.ComponentProps) {
  const view: View = actionData ?? loaderData;
  const busy = useNavigation().state !== "idle";
  const t = translatorFor(view.language);
  return (
    <section className="mx-auto max-w-lg px-4 py-16">
      <Card className="text-center">
        <MailCheck aria-hidden="true" className="mx-auto h-10 w-10 text-brand-700" />
        {view.state === "ask" ? (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">{t("deliveryCheck.pageTitle")}</h1>
            <p className="mt-3 text-muted">{t("deliveryCheck.pageText")}</p>
            <Form method="post" className="mt-6">
              <input type="hidden" name="intent" value="arrived" />
              <button
                type="submit"
                disabled={busy}
                className="rounded-lg bg-brand-700 px-6 py-3 text-lg font-semibold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink disabled:opacity-70"
              >
                {t("deliveryCheck.emailButton")}
              </button>
            </Form>
          </>
        ) : (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">{t("deliveryCheck.thanksTitle")}</h1>
            <p className="mt-3 text-muted">{t("deliveryCheck.thanks")}</p>
          </>
        )}
      </Card>
    </section>
  );
}
