import { ShieldCheck } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/training.consent";
import { getDatabase } from "~/db/database.server";
import { practiceSendingSetup } from "~/training/library/practice-sending-setup.server";
import { pageMeta } from "~/seo/meta";
import { ConsentChoiceSchema } from "~/training/people/contact-schema";
import { answerConsent, findConsentView, linkTarget, type ConsentView } from "~/training/people/consent.server";
import { sendDeliveryCheck } from "~/training/people/delivery-checks.server";
import { HOLDER_SEES } from "~/training/people/training-emails";
import { DeliveryCheckRequestSchema } from "~/training/people/delivery-check-form";
import { DeliveryStepsList } from "~/training/people/delivery-steps-list";
import { deliveryStepsFor } from "~/training/people/delivery-steps";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { FormMessage } from "~/ui/form-message";
import type { FormResult } from "~/validation/form-result";
import { readForm } from "~/validation/read-form.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Practice messages: yes or no?",
    description: "Say yes or no to practice scam messages from scam-free.",
    path: "/training/consent",
    noIndex: true,
  });

const NO_STORE = { "Cache-Control": "no-store" };

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
  const parsed = ConsentChoiceSchema.safeParse(form);
  if (!parsed.success) {
    const result: FormResult = {
      ok: false,
      title: "Nothing was changed",
      message: parsed.error.issues[0]?.message ?? "Please press one of the buttons on this page.",
    };
    return data(result, { status: 400, headers: NO_STORE });
  }
  const db = await getDatabase();
  const view = await findConsentView(db, params.token);
  const outcome = await answerConsent(db, params.token, parsed.data.choice);
  const answers: Record<typeof outcome, { status: number; result: FormResult }> = {
    unknown: {
      status: 404,
      result: { ok: false, title: "Link not found", message: "This link no longer works. Nothing was changed." },
    },
    "needs-guardian": {
      status: 409,
      result: {
        ok: false,
        title: "Not yet",
        message: "Your parent or guardian has to agree first. Nothing was changed.",
      },
    },
    accepted: {
      status: 200,
      result: { ok: true, title: "Thank you!", message: "You will get at most one practice message a week." },
    },
    declined: { status: 200, result: { ok: true, title: "Done", message: "We will not send you practice messages." } },
    "not-me": {
      status: 200,
      result: {
        ok: true,
        title: "Thank you for telling us",
        message: `We will not send practice messages or notices to ${view?.address ?? "this address"} again, whoever asks.`,
      },
    },
  };
  const { status, result } = answers[outcome];
  return data(result, { status, headers: NO_STORE });
}

function reportHow(view: ConsentView & { reportAddress: string | null }) {
  return view.channel === "email" && view.reportAddress
    ? `Forward the email to ${view.reportAddress}, or reply to it.`
    : "Reply SCAM to the text, or forward it back to the number it came from.";
}

/** "Hi Sam!" or "Hello Gran,", in the notice's words; no name when the one typed cannot be shown here. */
function greeting(view: ConsentView) {
  const name = view.names.person;
  if (view.minor) return name ? `Hi ${name}!` : "Hi!";
  return name ? `Hello ${name},` : "Hello,";
}

/**
 * A child's or teen's page, in the words of their notice ("signed you up for scam-spotting
 * practice"): short sentences a ten-year-old can read, with the same facts as the adult page.
 */
function ChildFacts({ view }: { view: ConsentView & { reportAddress: string | null } }) {
  const where = view.channel === "email" ? `by email (${view.address})` : `by text (${view.address})`;
  return (
    <ul className="mt-4 list-disc space-y-2 pl-5 text-left">
      <li>
        <strong>{view.names.holder}</strong> signed you up for scam-spotting practice.
      </li>
      <li>
        About <strong>once a week</strong> you may get a pretend scam {where}. Never during school time or at night.
      </li>
      <li>
        <strong>It will look real and will not say it is practice.</strong> Your job: spot the tricks!
      </li>
      <li>
        It is only practice, so nothing bad can happen. If you press a button in one, the next page tells you it was
        practice and shows you the clues.
      </li>
      <li>
        <strong>Think a message is a scam? Report it.</strong> {reportHow(view)} That is what we count, and we will tell
        you if it was practice.
      </li>
      <li>
        <strong>{view.names.holder} will see how your practice goes:</strong> which messages you reported, spotted or
        pressed, and when.
      </li>
      <li>
        <strong>Nothing you type is ever collected.</strong> Never type a real password anywhere a message sends you.
      </li>
      <li>
        Want to stop? Press &ldquo;Unsubscribe&rdquo; at the bottom of a practice email, reply STOP to a text, or press
        the button on this page.
      </li>
    </ul>
  );
}

function Facts({ view }: { view: ConsentView & { reportAddress: string | null } }) {
  const where = view.channel === "email" ? `by email (${view.address})` : `by text (${view.address})`;
  return (
    <ul className="mt-4 list-disc space-y-2 pl-5 text-left">
      <li>
        <strong>{view.names.holder}</strong> signed you up for the scam-free Training Program, which helps families get
        better at spotting scams.
      </li>
      <li>
        You get <strong>at most one practice message a week</strong> {where}, at a sensible time of day
        {view.minor ? " (never during school hours or at night)" : " (never at night)"}. Afterwards, a page shows the
        warning signs it contained.
      </li>
      <li>
        <strong>Practice messages will not say they are practice.</strong> They come from made-up names and addresses
        and look like real scams, so you can practice spotting one when it arrives.
      </li>
      <li>
        Whatever button you press on a page a practice message opens,{" "}
        <strong>the next page tells you what happened</strong>: that it was practice, and which warning signs it had.
      </li>
      <li>
        <strong>Think a message is a scam? Report it.</strong> {reportHow(view)} Reporting is what we count, and if it
        was practice we will tell you.
      </li>
      <li>
        <strong>{view.names.holder} will see how your practice goes:</strong>
        <ul className="mt-1 list-[circle] space-y-1 pl-5">
          {HOLDER_SEES.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </li>
      <li>
        <strong>Nothing you type is ever collected.</strong> Practice pages have no boxes to fill in and never ask for a
        password, a code or money.
      </li>
      <li>
        To stop: press &ldquo;Unsubscribe&rdquo; at the bottom of any practice email, reply STOP to a practice text, or
        use the button on this page.
      </li>
    </ul>
  );
}

/**
 * What a person needs to decide, before the buttons, short enough that a phone shows the buttons
 * in its first screen (issue #35): who, what, how often, what the holder sees, how to stop. The
 * full list (Facts or ChildFacts) follows the buttons, in "More about practice messages".
 */
function ShortFacts({ view }: { view: ConsentView }) {
  const holder = view.names.holder;
  if (view.minor) {
    return (
      <ul className="mt-3 list-disc space-y-1.5 pl-5 text-left" data-short-facts>
        <li>
          About <strong>once a week</strong> you may get a pretend scam, never in school time or at night.
        </li>
        <li>
          <strong>It will look real and will not say it is practice.</strong> Your job: spot the tricks!
        </li>
        <li>
          <strong>{holder} will see</strong> which messages you reported, spotted or pressed. Nobody sees what you type.
        </li>
        <li>Want to stop? Reply STOP to a text, or press &ldquo;Unsubscribe&rdquo; in an email.</li>
      </ul>
    );
  }
  return (
    <ul className="mt-3 list-disc space-y-1.5 pl-5 text-left" data-short-facts>
      <li>
        <strong>At most one practice message a week</strong>, never at night: a pretend scam that{" "}
        <strong>will not say it is practice</strong>. Nothing you type is collected.
      </li>
      <li>
        <strong>{holder} will see</strong> which messages you got and whether you reported, spotted or pressed them.
      </li>
      <li>Stop any time: reply STOP to a text, or press &ldquo;Unsubscribe&rdquo; in an email.</li>
    </ul>
  );
}

/** After a yes: the steps for their mail service or phone, and "Send me a test". */
function MakeSureItArrives({
  view,
  steps,
}: {
  view: ConsentView;
  steps: NonNullable<Route.ComponentProps["loaderData"]["deliverySteps"]>;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="make-sure" className="mt-6 rounded-xl bg-brand-50 p-4">
      <h2 id="make-sure" className="text-lg font-bold text-brand-900">
        Make sure practice messages reach you
      </h2>
      <DeliveryStepsList steps={steps} />
      <p className="mt-3 text-sm text-muted">
        Then send yourself a test: a plain message from scam-free, not a practice scam. Press the button in it (or
        reply) to show it arrived.
      </p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="send-test" />
        <Button type="submit" variant="secondary" disabled={busy}>
          Send me a test
        </Button>
      </Form>
      <p className="sr-only">The test goes to {view.address}.</p>
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
function MoreFacts({ view, open }: { view: ConsentView & { reportAddress: string | null }; open: boolean }) {
  const facts = view.minor ? <ChildFacts view={view} /> : <Facts view={view} />;
  if (open) {
    return (
      <section aria-labelledby="what-to-expect" className="mt-6">
        <h2 id="what-to-expect" className="text-lg font-bold text-brand-900">
          What to expect
        </h2>
        {facts}
      </section>
    );
  }
  return (
    <details className="mt-6 rounded-lg border border-slate-200 px-4 py-3">
      <summary className="cursor-pointer font-semibold text-brand-800">More about practice messages</summary>
      {facts}
    </details>
  );
}

export default function TrainingConsent({ loaderData: view, actionData }: Route.ComponentProps) {
  // A child's or teen's notice says "Yes, I'm in" (a parent may press it with them).
  const yesLabel = view.minor ? "Yes, I'm in" : "Yes, send me practice messages";
  const signedUp = view.status === "active" || view.status === "paused";
  const heading =
    view.status === "opted-out"
      ? "You have stopped practice messages"
      : view.status === "waiting"
        ? view.minor
          ? "You're invited to scam-spotting practice"
          : `${view.names.holder} invited you to practice spotting scams`
        : "You are signed up for practice messages";
  return (
    <section className="mx-auto max-w-xl px-4 py-4 sm:py-16">
      <Card className="p-5 sm:p-8">
        <div className="flex items-center gap-3">
          <ShieldCheck aria-hidden="true" className="h-8 w-8 shrink-0 text-brand-700 sm:h-10 sm:w-10" />
          <h1 className="text-xl font-bold text-brand-900 sm:text-2xl">{heading}</h1>
        </div>
        <p className="mt-2 text-lg">{greeting(view)}</p>
        {actionData && (
          <div className="mt-3">
            <FormMessage result={actionData} />
          </div>
        )}
        {view.status === "waiting" && <ShortFacts view={view} />}
        {/* The choice comes first while there is one to make; after a yes, the steps that make
            practice arrive come first and "Stop" waits at the end, away from the thumb. */}
        {view.status === "waiting" && (
          <div className="mt-4 flex flex-col gap-3 sm:flex-row">
            {view.waitingForGuardian ? (
              <>
                <p className="text-muted">
                  Your parent or guardian has not finished signing you up, so nothing is sent yet.
                </p>
                <ChoiceButton choice="no" variant="secondary">
                  No thanks
                </ChoiceButton>
              </>
            ) : (
              <>
                <ChoiceButton choice="yes">{yesLabel}</ChoiceButton>
                <ChoiceButton choice="no" variant="secondary">
                  No thanks
                </ChoiceButton>
              </>
            )}
          </div>
        )}
        {view.status === "opted-out" && (
          <div className="mt-4 flex flex-col gap-3 sm:flex-row">
            <p className="text-muted">Changed your mind? Only you can start them again.</p>
            <ChoiceButton choice="yes">{yesLabel}</ChoiceButton>
          </div>
        )}
        {view.status === "active" && view.deliverySteps && <MakeSureItArrives view={view} steps={view.deliverySteps} />}
        <MoreFacts view={view} open={signedUp} />
        {signedUp && (
          <div className="mt-6 border-t border-slate-200 pt-4">
            <p className="text-sm text-muted">Had enough? This stops every practice email and text to you at once.</p>
            <div className="mt-3">
              <ChoiceButton choice="no" variant="secondary">
                Stop practice messages
              </ChoiceButton>
            </div>
          </div>
        )}
        {view.status !== "opted-out" && (
          <div id="not-me" className="mt-6 border-t border-slate-200 pt-4">
            <p className="text-sm text-muted">
              Not {view.names.personInSentence}, or don&apos;t know {view.names.holderInSentence}? Tell us, and nothing
              from scam-free&apos;s Training Program will reach {view.address} again, whoever signs it up.
            </p>
            <div className="mt-3">
              <ChoiceButton choice="not-me" variant="secondary">
                This isn&apos;t me
              </ChoiceButton>
            </div>
          </div>
        )}
        {view.channel === "sms" && view.status === "opted-out" && (
          <p className="mt-4 text-sm text-muted">
            If you replied STOP to one of our texts, reply START to get texts again.
          </p>
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
