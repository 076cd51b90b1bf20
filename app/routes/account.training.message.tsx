import { ArrowLeft, Eye } from "lucide-react";
import { data, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/account.training.message";
import { requireUser } from "~/account/session.server";
import { getEnv } from "~/config/env.server";
import { getDatabase } from "~/db/database.server";
import { localeOfPath, pathInLocale } from "~/i18n/locales";
import { translatorFor } from "~/i18n/translate";
import { useT } from "~/i18n/use-translation";
import { pageMeta } from "~/seo/meta";
import { loadHolderMessageView } from "~/training/results/holder-message-view.server";
import {
  ArrivedWithRedFlags,
  LearnMoreSection,
  SourcesSection,
  CheckerSection,
  NextTimeSection,
  StorySoFarSection,
} from "~/training/tracking/practice-feedback-sections";

/** Never cached or indexed; the page is about one family's member. */
const HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" } as const;

export const headers = () => HEADERS;

// /account/training/messages/:id and /es/account/training/messages/:id: the same page in the address's language.
export const meta: Route.MetaFunction = (args) => {
  const locale = localeOfPath(args.location.pathname);
  const t = translatorFor(locale);
  return pageMeta(args, {
    title: t("practiceMessagePage.metaTitle"),
    description: t("practiceMessagePage.metaDescription"),
    path: pathInLocale("/account/training", locale),
    noIndex: true,
  });
};

const MessageIdSchema = z.uuid();

/**
 * The account holder's read-only view of a family member's practice message (linked from the
 * family results on /account/training). Signed in only; the message must belong to a person of
 * the holder's own subscription, otherwise the plain 404. There is no action: nothing here
 * records a click, a spot or a stop for the member. Worded in the page's language; the message
 * and what the library says about it keep the language they were written in, marked with `lang`.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context });
  const messageId = MessageIdSchema.safeParse(params.messageId);
  if (!messageId.success) throw data(null, { status: 404, headers: HEADERS });
  const view = await loadHolderMessageView(await getDatabase(), {
    userId: user.id,
    messageId: messageId.data,
    practiceOrigin: getEnv().practice?.linkOrigin ?? getEnv().APP_URL,
    language: localeOfPath(new URL(request.url).pathname),
  });
  if (!view) throw data(null, { status: 404, headers: HEADERS });
  return data(view, { headers: HEADERS });
}

export default function HolderPracticeMessage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const view = loaderData;
  const name = view.personName;
  // The message's own words, when they are not in the page's language, say which language they are in.
  const contentLanguage = view.messageLanguage === t.locale ? undefined : view.messageLanguage;
  const outcome = {
    line: view.resultLine,
    count: view.redFlags.length,
  };
  // Worded for the holder about the member (never the member's own "Great job checking!"), and
  // with nothing to press: there is no form, and no link to the member's own pages.
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <p>
        <Link
          to={pathInLocale("/account/training", t.locale)}
          className="inline-flex items-center gap-2 font-medium text-brand-700 underline underline-offset-2"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" /> {t("practiceMessagePage.back")}
        </Link>
      </p>
      <h1 className="mt-6 text-2xl font-bold text-brand-900 sm:text-3xl">
        {t("practiceMessagePage.heading", { name })}
      </h1>
      <p className="mt-3 text-lg" data-testid="holder-message-intro">
        {t("practiceMessagePage.intro", { name })}
      </p>
      <p className="mt-3 flex items-start gap-3 rounded-2xl bg-brand-50 px-4 py-3 text-ink ring-1 ring-brand-200">
        <Eye aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
        <span>{t("practiceMessagePage.holderNote", { name })}</span>
      </p>
      <p className="mt-3 text-muted" data-testid="holder-message-outcome">
        {view.resultLabel
          ? t.rich("practiceMessagePage.outcome", {
              ...outcome,
              label: view.resultLabel,
              b: (chunks) => <span className="font-semibold text-ink">{chunks}</span>,
            })
          : t("practiceMessagePage.outcomeUnsent", outcome)}
      </p>

      {view.sequence && <StorySoFarSection sequence={view.sequence} contentLanguage={contentLanguage} />}
      <ArrivedWithRedFlags
        view={view}
        flagsHeading={t("feedback.flagsHeading")}
        members
        contentLanguage={contentLanguage}
      />

      <NextTimeSection
        text={view.nextTime}
        heading={t("practiceMessagePage.nextTime", { name })}
        contentLanguage={contentLanguage}
      />

      <LearnMoreSection redFlagPages={view.redFlagPages} coursePages={view.coursePages} members />
      <SourcesSection sources={view.sources} />
      <CheckerSection href={view.checkerHref} />
    </div>
  );
}
