import { CircleStop, Clock, EyeOff, Mail } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/account.training";
import { requireUser } from "~/account/session.server";
import { useResultToast } from "~/account/use-result-toast";
import { announceServerAnswer } from "~/ui/result-toast";
import { getEnv } from "~/config/env.server";
import { getLogger } from "~/config/logger.server";
import { getDatabase } from "~/db/database.server";
import { pageMeta } from "~/seo/meta";
import { ContactCard } from "~/training/people/contact-card";
import { ContactFields } from "~/training/people/contact-fields";
import { SetupChecklistCard } from "~/training/people/setup-checklist-card";
import { DEFAULT_TIME_ZONE, type TrainingResult } from "~/training/people/contact-schema";
import { useBrowserTimeZone } from "~/family/browser-time-zone";
import { handleTrainingAction, loadTrainingPageAndFamily } from "~/training/people/contact-settings.server";
import { FamilyResultsSection } from "~/training/results/family-results";
import { loadFamilyResults } from "~/training/results/family-results.server";
import { resultsLead } from "~/training/results/results-lead";
import { SpotNoticesForm } from "~/training/people/spot-notices-form";
import { CodeWordForm } from "~/training/people/code-word-form";
import { TrainingForm } from "~/training/people/training-form";
import { sendPracticeMessageNow } from "~/training/sending/practice-sends.server";
import { SEND_NOW_INTENT } from "~/training/sending/send-practice-now";
import { SendPracticeNowForm } from "~/training/sending/send-practice-now-form";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { FormMessage } from "~/ui/form-message";
import { readForm } from "~/validation/read-form.server";
import { localeOfPath, pathInLocale } from "~/i18n/locales";
import { translatorFor, type Translate } from "~/i18n/translate";
import { useT } from "~/i18n/use-translation";

// /account/training and /es/account/training: the same page in the address's language (issue #39).
export const meta: Route.MetaFunction = (args) => {
  const locale = localeOfPath(args.location.pathname);
  const t = translatorFor(locale);
  return pageMeta(args, {
    title: t("people.page.title"),
    description: t("people.page.metaDescription"),
    path: pathInLocale("/account/training", locale),
    noIndex: true,
  });
};

const translatorOf = (request: Request) => translatorFor(localeOfPath(new URL(request.url).pathname));

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context });
  const db = await getDatabase();
  const { view, family } = await loadTrainingPageAndFamily(db, user, new Date(), translatorOf(request));
  // The family dashboard, for the holder's own subscription only (found from their user id), from
  // the program and people the view has just read.
  const results = family ? await loadFamilyResults(db, user.id, { family }) : null;
  // Once set-up is done and everyone has answered, the family's results lead the page.
  const resultsFirst = Boolean(results) && view.kind === "program" && view.access && resultsLead(view.contacts);
  // Local mode (demo payments, local mailbox) offers "Send a practice message now" per person.
  return { view, results, resultsFirst, localMode: getEnv().APP_ENV !== "production" };
}

/** Each answer shows as a toast as soon as it arrives, even from a form the answer removes. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return announceServerAnswer(serverAction);
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser({ request, context });
  const form = await readForm(request);
  try {
    if (form.intent === SEND_NOW_INTENT) {
      // Local mode only: sendPracticeMessageNow refuses on a production site.
      const result = await sendPracticeMessageNow(
        await getDatabase(),
        { userId: user.id, contactId: form.contactId },
        translatorOf(request),
      );
      return data(result, { status: result.status });
    }
    const { status, result } = await handleTrainingAction(await getDatabase(), user, form, translatorOf(request));
    return data(result, { status });
  } catch (error) {
    getLogger().error({ err: error }, "training settings action failed");
    const t = translatorOf(request);
    const result: TrainingResult = { ok: false, title: t("people.errorTitle"), message: t("people.error") };
    return data(result, { status: 503 });
  }
}

function howItWorks(t: Translate) {
  return [
    { icon: Mail, text: t("people.page.howWeekly") },
    { icon: Clock, text: t("people.page.howHours") },
    { icon: EyeOff, text: t("people.page.howNothingCollected") },
    { icon: CircleStop, text: t("people.page.howStop") },
  ];
}

/**
 * "Add a person". `people` names everyone listed (their ids): once the added person is in the list
 * the form is a new, empty one, so the last name typed does not linger there. A refused addition
 * changes nobody and keeps what was typed beside the problem.
 */
function AddPersonForm({ people }: { people: string }) {
  const timeZone = useBrowserTimeZone() ?? DEFAULT_TIME_ZONE;
  const t = useT();
  return (
    <TrainingForm key={`${timeZone} ${people}`} intent="add" className="space-y-4" label={t("people.page.addTitle")}>
      {({ errors, busy }) => (
        <>
          <ContactFields
            idPrefix="add"
            values={{
              name: "",
              ageBand: "",
              email: "",
              phone: "",
              emailEnabled: true,
              smsEnabled: false,
              timeZone,
              // A holder reading Spanish most often adds people who read it too; the select changes it.
              language: t.locale,
            }}
            errors={errors}
          />
          <Button type="submit" disabled={busy} className="w-full sm:w-auto">
            {busy ? t("people.page.adding") : t("people.page.addButton")}
          </Button>
        </>
      )}
    </TrainingForm>
  );
}

export default function AccountTraining({ loaderData, actionData }: Route.ComponentProps) {
  const { view, results, resultsFirst } = loaderData;
  const t = useT();
  useResultToast(actionData);
  const resultsSection = (className?: string) =>
    view.kind === "program" &&
    results && (
      <FamilyResultsSection
        results={results}
        settings={
          view.access ? (
            <>
              <SpotNoticesForm enabled={view.spotNotices} />
              <CodeWordForm agreedAt={view.codeWordAgreedAt} />
            </>
          ) : undefined
        }
        stopped={new Set(view.contacts.filter((contact) => contact.status === "opted-out").map((c) => c.id))}
        className={className}
      />
    );
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:py-16">
      <p>
        <Link to={pathInLocale("/account", t.locale)} className="text-brand-700 underline">
          {t("nav.myAccount")}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-brand-900">{t("people.page.title")}</h1>
      {/* Set-up leads until it is done and everyone has answered; then the family's results do. */}
      {resultsFirst
        ? resultsSection("mt-6")
        : view.kind === "program" && view.access && <SetupChecklistCard contacts={view.contacts} />}
      <Card className="mt-6 p-4 sm:p-6">
        <h2 className="text-xl font-bold text-brand-900">{t("people.page.howTitle")}</h2>
        <ul className="mt-3 space-y-3">
          {howItWorks(t).map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-3">
              <Icon aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-brand-700" />
              <span>{text}</span>
            </li>
          ))}
        </ul>
      </Card>

      {actionData && !actionData.ok && (
        <div className="mt-6">
          <FormMessage result={actionData} />
        </div>
      )}

      {view.kind === "not-member" && (
        <Card className="mt-6" role="region" aria-labelledby="no-membership">
          <h2 id="no-membership" className="text-xl font-bold text-brand-900">
            {t("people.page.notMemberTitle")}
          </h2>
          <p className="mt-2 text-muted">{t("people.page.notMember")}</p>
          <Button asChild className="mt-4">
            <Link to={pathInLocale("/pricing", t.locale)}>{t("people.page.seePlans")}</Link>
          </Button>
        </Card>
      )}

      {view.kind === "family-member" && (
        <Card className="mt-6">
          <h2 className="text-xl font-bold text-brand-900">{t("people.page.familyMemberTitle")}</h2>
          <p className="mt-2 text-muted">{t("people.page.familyMember")}</p>
        </Card>
      )}

      {view.kind === "program" && (
        <>
          {view.stoppedMessage && (
            <Card className="mt-6 border-amber-300 bg-amber-50" role="status">
              <p className="font-semibold text-amber-950">{view.stoppedMessage}</p>
              <p className="mt-1">
                {t.rich("people.page.stoppedLinks", {
                  plans: (chunks) => (
                    <Link to={pathInLocale("/pricing", t.locale)} className="text-brand-700 underline">
                      {chunks}
                    </Link>
                  ),
                  account: (chunks) => (
                    <Link to={pathInLocale("/account", t.locale)} className="text-brand-700 underline">
                      {chunks}
                    </Link>
                  ),
                })}
              </p>
            </Card>
          )}
          <div className="mt-8 flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-2xl font-bold text-brand-900">{t("people.page.peopleTitle")}</h2>
            <p className="text-muted" data-testid="people-count">
              {t("people.page.peopleCount", { count: view.contacts.length, limit: view.limit, plan: view.planName })}
            </p>
          </div>
          {view.contacts.length === 0 ? (
            <p className="mt-4 text-muted">{t("people.page.nobody")}</p>
          ) : (
            <ul className="mt-4 space-y-4">
              {view.contacts.map((contact) => (
                <li key={contact.id}>
                  {/* Local mode gets a per-person "Send a practice message now" button through `localActions`. */}
                  <ContactCard
                    contact={contact}
                    editable={view.access}
                    localActions={
                      loaderData.localMode ? (
                        <SendPracticeNowForm contactId={contact.id} contactName={contact.name} />
                      ) : undefined
                    }
                  />
                </li>
              ))}
            </ul>
          )}
          {view.access && (
            <Card className="mt-8 p-4 sm:p-6">
              <h2 className="text-xl font-bold text-brand-900">{t("people.page.addTitle")}</h2>
              {view.contacts.length >= view.limit ? (
                <p className="mt-2 text-muted" data-testid="plan-full">
                  {view.limit === 1
                    ? t("people.page.planFullSingle", { plan: view.planName })
                    : t("people.page.planFullFamily", { plan: view.planName, limit: view.limit })}
                </p>
              ) : (
                <div className="mt-4">
                  <AddPersonForm people={view.contacts.map((contact) => contact.id).join(" ")} />
                </div>
              )}
            </Card>
          )}
          {!resultsFirst && resultsSection()}
        </>
      )}
    </section>
  );
}
