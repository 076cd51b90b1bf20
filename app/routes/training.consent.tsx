import { ShieldCheck } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/training.consent";
import { getDatabase } from "~/db/database.server";
import { practiceSendingSetup } from "~/training/library/practice-sending-setup.server";
import { pageMeta } from "~/seo/meta";
import { ConsentChoiceSchema } from "~/training/people/contact-schema";
import { answerConsent, findConsentView, linkTarget, type ConsentView } from "~/training/people/consent.server";
import { sendDeliveryCheck } from "~/training/people/delivery-checks.server";
import { translatorFor } from "~/i18n/translate";
import { practiceLanguageOf } from "~/family/practice-language";
import { CONSENT_WORDS, type ConsentWords } from "~/training/people/consent-page-words";
import { DeliveryCheckRequestSchema } from "~/training/people/delivery-check-form";
import { DeliveryStepsList } from "~/training/people/delivery-steps-list";
import { deliveryStepsFor } from "~/training/people/delivery-steps";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { FormMessage } from "~/ui/form-message";
import type { FormResult } from "~/validation/form-result";
import type { PracticeLanguage } from "~/family/practice-language";
import { readForm } from "~/validation/read-form.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: CONSENT_WORDS[args.loaderData?.language ?? "en"].title,
    description: "Say yes or no to practice scam messages from scam-free.",
    path: "/training/consent",
    noIndex: true,
  });

const NO_STORE = { "Cache-Control": "no-store" };

/** In the language of the person the notice went to (issue #39), the site's header and footer included. */
export const handle = { contentLanguage: (data: { language?: PracticeLanguage }) => data.language };

/** GET only shows: mail scanners open links in emails, and that must never say yes or no for anyone. */
export async function loader({ params }: Route.LoaderArgs) {
  const view = await findConsentView(await getDatabase(), params.token);
  if (!view) throw data("Not found", { status: 404, headers: NO_STORE });
  const setup = practiceSendingSetup();
  return data(
    {
      ...view,
      reportAddress: setup?.reportAddress ?? null,
      // "Make sure practice messages reach you": the steps for this address's mail service or phone.
      deliverySteps: setup
        ? deliveryStepsFor({
            channel: view.channel,
            address: view.address,
            practiceDomain: setup.mailDomain,
            textSenders: setup.textSenders,
            language: view.language,
          })
        : null,
    },
    { headers: NO_STORE },
  );
}

/** "Send me a test", from the person holding the link sent to this very address. */
async function sendTestFromConsentPage(token: string) {
  const db = await getDatabase();
  const target = await linkTarget(db, token);
  if (!target) {
    const result: FormResult = { ok: false, title: "Link not found", message: "This link no longer works." };
    return data(result, { status: 404, headers: NO_STORE });
  }
  const outcome = await sendDeliveryCheck(db, {
    contact: target.contact,
    channel: target.consent.channel as "email" | "sms",
    requestedBy: "person",
    // The answer is shown on their consent page, in the language they read.
    t: translatorFor(practiceLanguageOf(target.contact.language)),
  });
  const result: FormResult = { ok: outcome.ok, title: outcome.title, message: outcome.message };
  return data(result, { status: outcome.status, headers: NO_STORE });
}

export async function action({ request, params }: Route.ActionArgs) {
  const form = await readForm(request);
  if (form.intent !== undefined) {
    const test = DeliveryCheckRequestSchema.pick({ intent: true }).safeParse(form);
    if (!test.success) {
      const result: FormResult = { ok: false, title: "Nothing was changed", message: "Unknown action." };
      return data(result, { status: 400, headers: NO_STORE });
    }
    return sendTestFromConsentPage(params.token);
  }
  const db = await getDatabase();
  const view = await findConsentView(db, params.token);
  // The answer is in the language of the page it was pressed on.
  const words = CONSENT_WORDS[view?.language ?? "en"].answers;
  const parsed = ConsentChoiceSchema.safeParse(form);
  if (!parsed.success) {
    return data<FormResult>({ ok: false, ...words.refused }, { status: 400, headers: NO_STORE });
  }
  const outcome = await answerConsent(db, params.token, parsed.data.choice);
  const answers: Record<typeof outcome, { status: number; result: FormResult }> = {
    unknown: { status: 404, result: { ok: false, ...words.unknown } },
    "needs-guardian": { status: 409, result: { ok: false, ...words.needsGuardian } },
    accepted: { status: 200, result: { ok: true, ...words.accepted(view?.minor ?? false) } },
    declined: { status: 200, result: { ok: true, ...words.declined } },
    "not-me": { status: 200, result: { ok: true, ...words.notMe(view?.address ?? "this address") } },
  };
  const { status, result } = answers[outcome];
  return data(result, { status, headers: NO_STORE });
}

/** After a yes: the steps for their mail service or phone, and "Send me a test". */
function MakeSureItArrives({
  view,
  steps,
  words,
}: {
  view: ConsentView;
  steps: NonNullable<Route.ComponentProps["loaderData"]["deliverySteps"]>;
  words: ConsentWords;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="make-sure" className="mt-6 rounded-xl bg-brand-50 p-4">
      <h2 id="make-sure" className="text-lg font-bold text-brand-900">
        {words.makeSure.heading}
      </h2>
      <DeliveryStepsList steps={steps} />
      <p className="mt-3 text-sm text-muted">{words.makeSure.test}</p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="send-test" />
        <Button type="submit" variant="secondary" disabled={busy}>
          {words.makeSure.button}
        </Button>
      </Form>
      <p className="sr-only">{words.makeSure.goesTo(view.address)}</p>
    </section>
  );
}

function ChoiceButton({
  choice,
  children,
  variant,
}: {
  choice: "yes" | "no" | "not-me";
  children: string;
  variant?: "primary" | "secondary";
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <Form method="post" className="w-full sm:w-auto">
      <input type="hidden" name="choice" value={choice} />
      <Button type="submit" variant={variant} disabled={busy} className="w-full sm:w-auto">
        {children}
      </Button>
    </Form>
  );
}

/** The full facts, below the buttons: open once someone has said yes (what to expect), folded before. */
function MoreFacts({
  view,
  open,
  words,
}: {
  view: ConsentView & { reportAddress: string | null };
  open: boolean;
  words: ConsentWords;
}) {
  const facts = <words.Facts view={view} />;
  if (open) {
    return (
      <section aria-labelledby="what-to-expect" className="mt-6">
        <h2 id="what-to-expect" className="text-lg font-bold text-brand-900">
          {words.whatToExpect}
        </h2>
        {facts}
      </section>
    );
  }
  return (
    <details className="mt-6 rounded-lg border border-slate-200 px-4 py-3">
      <summary className="cursor-pointer font-semibold text-brand-800">{words.moreAbout}</summary>
      {facts}
    </details>
  );
}

export default function TrainingConsent({ loaderData: view, actionData }: Route.ComponentProps) {
  // In the language the person reads (issue #39); the page around it says so with lang.
  const words = CONSENT_WORDS[view.language];
  // A child's or teen's notice says "Yes, I'm in" (a parent may press it with them).
  const yesLabel = words.yes(view.minor);
  const signedUp = view.status === "active" || view.status === "paused";
  return (
    <section lang={words.lang} className="mx-auto max-w-xl px-4 py-4 sm:py-16">
      <Card className="p-5 sm:p-8">
        <div className="flex items-center gap-3">
          <ShieldCheck aria-hidden="true" className="h-8 w-8 shrink-0 text-brand-700 sm:h-10 sm:w-10" />
          <h1 className="text-xl font-bold text-brand-900 sm:text-2xl">{words.heading(view, view.status)}</h1>
        </div>
        <p className="mt-2 text-lg">{words.greeting(view)}</p>
        {actionData && (
          <div className="mt-3">
            <FormMessage result={actionData} />
          </div>
        )}
        {view.status === "waiting" && <words.ShortFacts view={view} />}
        {/* The choice comes first while there is one to make; after a yes, the steps that make
            practice arrive come first and "Stop" waits at the end, away from the thumb. */}
        {view.status === "waiting" && (
          <div className="mt-4 flex flex-col gap-3 sm:flex-row">
            {view.waitingForGuardian ? (
              <>
                <p className="text-muted">{words.waitingForGuardian}</p>
                <ChoiceButton choice="no" variant="secondary">
                  {words.noThanks}
                </ChoiceButton>
              </>
            ) : (
              <>
                <ChoiceButton choice="yes">{yesLabel}</ChoiceButton>
                <ChoiceButton choice="no" variant="secondary">
                  {words.noThanks}
                </ChoiceButton>
              </>
            )}
          </div>
        )}
        {view.status === "opted-out" && (
          <div className="mt-4 flex flex-col gap-3 sm:flex-row">
            <p className="text-muted">{words.changedYourMind(view.minor)}</p>
            <ChoiceButton choice="yes">{yesLabel}</ChoiceButton>
          </div>
        )}
        {view.status === "active" && view.deliverySteps && (
          <MakeSureItArrives view={view} steps={view.deliverySteps} words={words} />
        )}
        <MoreFacts view={view} open={signedUp} words={words} />
        {signedUp && (
          <div className="mt-6 border-t border-slate-200 pt-4">
            <p className="text-sm text-muted">{words.hadEnough}</p>
            <div className="mt-3">
              <ChoiceButton choice="no" variant="secondary">
                {words.stop}
              </ChoiceButton>
            </div>
          </div>
        )}
        {view.status !== "opted-out" && (
          <div id="not-me" className="mt-6 border-t border-slate-200 pt-4">
            <p className="text-sm text-muted">{words.notMe(view)}</p>
            <div className="mt-3">
              <ChoiceButton choice="not-me" variant="secondary">
                {words.notMeButton}
              </ChoiceButton>
            </div>
          </div>
        )}
        {view.channel === "sms" && view.status === "opted-out" && (
          <p className="mt-4 text-sm text-muted">{words.replyStart}</p>
        )}
        <p className="mt-8 text-sm">
          <Link to={words.whatIsIt.to} className="font-medium text-brand-700 underline">
            {words.whatIsIt.label}
          </Link>
        </p>
      </Card>
    </section>
  );
}
