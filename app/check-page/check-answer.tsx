import { forwardRef, type ReactNode } from "react";
import type { AskKind, CheckInput, CheckResult, SignField, Verdict, WarningSign } from "~/checker/check-message";
import { SIGN_WORDS_ES } from "~/checker/sign-words-es";
import { coursePageHref } from "~/course/course-words";
import { localeOfPath, pathInLocale, type Locale } from "~/i18n/locales";
import type { MessageKey } from "~/i18n/messages/en";
import type { Translate } from "~/i18n/translate";
import { useT } from "~/i18n/use-translation";
import { LearnMoreLinks, type CourseLinkView } from "~/red-flags/learn-more-links";
import { FlagNumber } from "~/training/tracking/practice-message-view";

/**
 * The checker's answer, drawn in the practice feedback page's visual language: the message as it
 * was pasted with every warning sign highlighted and numbered, then each sign explained with its
 * public red-flag page and the course page. It never says a message is safe.
 */

/** Titles of the red-flag and course pages the signs link to, by path (from the loader). */
export type PageTitles = Record<string, string>;

export function verdictSentence(result: CheckResult, t: Translate): string {
  const count = result.signs.length;
  if (result.verdict === "none-found" || count === 0) return t("answer.noneFound");
  if (result.verdict === "be-careful") return t("answer.beCareful");
  return t("answer.warning", { count });
}

/** A sign's name and why in the page's language (the checker's own words are English). */
function wordsOf(sign: WarningSign, t: Translate): { title: string; why: string } {
  return t.locale === "es" ? SIGN_WORDS_ES[sign.id] : { title: sign.title, why: sign.why };
}

/** Each answer has its own color and icon; none of them is green, because none of them means "safe". */
const VERDICT_LOOK: Record<Verdict, { box: string; icon: ReactNode }> = {
  "warning-signs": {
    box: "bg-red-50 text-red-800 ring-2 ring-red-700",
    // A warning triangle.
    icon: <path d="M12 3 2 21h20L12 3Zm0 6v5m0 3v.01" />,
  },
  "be-careful": {
    box: "bg-warn-50 text-warn-700 ring-1 ring-warn-700",
    // An exclamation mark in a circle.
    icon: <path d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 5v5m0 3v.01" />,
  },
  "none-found": {
    box: "bg-brand-50 text-brand-900",
    // An "i" in a circle: information, not approval.
    icon: <path d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 8v5m0-8v.01" />,
  },
};

const ASK_WORDS: Record<AskKind, MessageKey> = {
  "open-link": "ask.openLink",
  call: "ask.call",
  pay: "ask.pay",
  "give-code": "ask.giveCode",
  "give-details": "ask.giveDetails",
  reply: "ask.reply",
  scan: "ask.scan",
  "open-attachment": "ask.openAttachment",
  "keep-secret": "ask.keepSecret",
};

/** Under a warning: what the message asks, and the numbers of the signs that decided the answer. */
function WhyThisAnswer({ result }: { result: CheckResult }) {
  const t = useT();
  const deciding = result.signs.filter((sign) => sign.deciding);
  if (result.verdict === "be-careful") return <p className="mt-3">{t("answer.beCarefulWhy")}</p>;
  if (result.verdict !== "warning-signs") return null;
  return (
    <div className="mt-3 space-y-1">
      {result.asks.length > 0 && (
        <p>{t("answer.asks", { asks: t.list(result.asks.map((ask) => t(ASK_WORDS[ask]))) })}</p>
      )}
      {deciding.length > 0 && (
        <p>
          {t("answer.decidedBy", {
            count: deciding.length,
            signs: t.list(
              deciding.map((sign) => t("answer.decidingSign", { number: sign.number, title: wordsOf(sign, t).title })),
            ),
          })}
        </p>
      )}
    </div>
  );
}

/** One field's text with its signs as numbered marks (a later sign that overlaps an earlier one starts after it). */
function Marked({ text, signs }: { text: string; signs: WarningSign[] }) {
  const t = useT();
  const pieces: ReactNode[] = [];
  let cursor = 0;
  for (const sign of [...signs].sort((a, b) => a.start - b.start || a.number - b.number)) {
    const start = Math.max(sign.start, cursor);
    if (sign.end <= start) continue;
    if (start > cursor) pieces.push(text.slice(cursor, start));
    pieces.push(
      <mark
        key={sign.number}
        data-warning-sign={sign.number}
        className="rounded bg-amber-100 px-0.5 text-ink ring-1 ring-warn-700"
      >
        <span className="sr-only">{t("answer.markStart", { number: sign.number })}</span>
        <FlagNumber number={sign.number} className="mr-1" />
        {text.slice(start, sign.end)}
        <span className="sr-only">{t("answer.markEnd", { number: sign.number })}</span>
      </mark>,
    );
    cursor = sign.end;
  }
  if (cursor < text.length) pieces.push(text.slice(cursor));
  return <>{pieces}</>;
}

function signsIn(result: CheckResult, field: SignField, linkIndex?: number) {
  return result.signs.filter((sign) => sign.field === field && (field !== "links" || sign.linkIndex === linkIndex));
}

const WHERE: Record<SignField, MessageKey> = {
  sender: "answer.in.sender",
  subject: "answer.in.subject",
  text: "answer.in.text",
  links: "answer.in.links",
};

function TheMessage({ input, result }: { input: CheckInput; result: CheckResult }) {
  const t = useT();
  return (
    <article
      aria-label={t("answer.messageLabel")}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      {input.sender && (
        <p className="border-b border-slate-100 pb-2 break-words">
          <span className="text-sm font-semibold text-muted">{t("answer.from")}</span>
          <Marked text={input.sender} signs={signsIn(result, "sender")} />
        </p>
      )}
      {input.subject && (
        <p className="border-b border-slate-100 py-2 font-semibold break-words">
          <span className="text-sm text-muted">{t("answer.subject")}</span>
          <Marked text={input.subject} signs={signsIn(result, "subject")} />
        </p>
      )}
      <p className="pt-2 break-words whitespace-pre-wrap">
        <Marked text={input.text} signs={signsIn(result, "text")} />
      </p>
      {input.links && input.links.length > 0 && (
        <div className="mt-3 border-t border-slate-100 pt-2">
          <p className="text-sm font-semibold text-muted">{t("answer.linksGo")}</p>
          <ul className="mt-1 space-y-1 text-sm break-all">
            {input.links.map((link, index) => (
              <li key={index}>
                <Marked text={link} signs={signsIn(result, "links", index)} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </article>
  );
}

/** For each sign seen before in the list (the same kind in another place), the number it first had. */
function firstNumbers(signs: WarningSign[]): Map<number, number> {
  const firstOf = new Map<string, number>();
  const repeats = new Map<number, number>();
  for (const sign of signs) {
    const first = firstOf.get(sign.id);
    if (first === undefined) firstOf.set(sign.id, sign.number);
    else repeats.set(sign.number, first);
  }
  return repeats;
}

/** The course page teaching a sign, in the page's language where it is written in it (issue #39). */
function courseLinkOf(englishPath: string, titles: PageTitles, locale: Locale, fallback: string): CourseLinkView {
  const href = coursePageHref(Number(englishPath.split("/").pop()), locale);
  return { href, title: titles[href] ?? fallback, language: localeOfPath(href) };
}

function SignList({ result, titles }: { result: CheckResult; titles: PageTitles }) {
  const t = useT();
  // A sign found in several places is explained once, at its first number; the others point there
  // (the same why and links three times read as padding).
  const repeats = firstNumbers(result.signs);
  return (
    <ol aria-labelledby="signs-heading" className="mt-3 space-y-4">
      {result.signs.map((sign) => {
        const first = repeats.get(sign.number);
        const words = wordsOf(sign, t);
        return (
          <li
            key={sign.number}
            id={`warning-sign-${sign.number}`}
            data-warning-sign={sign.number}
            className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-4"
          >
            <FlagNumber number={sign.number} className="mt-1" />
            <div className="min-w-0">
              <p className="font-semibold text-brand-900">
                <span className="sr-only">{t("answer.markStart", { number: sign.number })}</span>
                {words.title}
                {sign.deciding && (
                  <span className="ml-2 inline-block rounded-full bg-slate-100 px-2 py-0.5 align-middle text-xs font-semibold text-ink">
                    {t("answer.deciding")}
                  </span>
                )}
              </p>
              <p className="mt-1 break-words text-muted">{t(WHERE[sign.field], { quote: sign.quote })}</p>
              {sign.hiddenSpelling && (
                <p className="mt-1 break-words">
                  {t(sign.hiddenSpelling.kind === "decoded" ? "answer.decoded" : "answer.asComputersRead", {
                    address: sign.hiddenSpelling.address,
                  })}
                </p>
              )}
              {first === undefined ? (
                <>
                  <p className="mt-1">{words.why}</p>
                  <LearnMoreLinks
                    learnMore={{
                      // The red-flag page of the sign's kind, in the page's edition (/es/red-flags/… on a
                      // Spanish page, named by the sign's Spanish title).
                      href: pathInLocale(sign.learnMore, t.locale),
                      title: t.locale === "es" ? words.title : (titles[sign.learnMore] ?? t("links.learnMoreFallback")),
                    }}
                    course={courseLinkOf(sign.coursePage, titles, t.locale, t("links.courseFallback"))}
                  />
                </>
              ) : (
                <p className="mt-1">
                  {t.rich("answer.sameAs", {
                    number: first,
                    link: (chunks) => (
                      <a
                        href={`#warning-sign-${first}`}
                        className="font-medium text-brand-700 underline underline-offset-2"
                      >
                        {chunks}
                      </a>
                    ),
                  })}
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** The verdict heading takes focus when a new answer appears, so keyboard and screen reader users start there. */
export const CheckAnswer = forwardRef<
  HTMLHeadingElement,
  { input: CheckInput; result: CheckResult; titles: PageTitles }
>(function CheckAnswer({ input, result, titles }, verdictHeading) {
  const t = useT();
  const found = result.signs.length > 0;
  const look = VERDICT_LOOK[result.verdict];
  return (
    <section aria-labelledby="verdict-heading" className="mt-10" data-verdict={result.verdict}>
      <div className={`rounded-2xl p-4 ${look.box}`}>
        <h2
          id="verdict-heading"
          ref={verdictHeading}
          tabIndex={-1}
          className="flex items-start gap-3 text-xl font-bold"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="mt-0.5 h-7 w-7 shrink-0"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            data-verdict-icon={result.verdict}
          >
            {look.icon}
          </svg>
          <span>{verdictSentence(result, t)}</span>
        </h2>
        <WhyThisAnswer result={result} />
      </div>
      <div className="mt-6 grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="pasted-heading">
          <h3 id="pasted-heading" className="text-lg font-bold text-brand-900">
            {found ? t("answer.messageWithSigns") : t("answer.messageChecked")}
          </h3>
          <div className="mt-3">
            <TheMessage input={input} result={result} />
          </div>
        </section>
        {found ? (
          <section aria-labelledby="signs-heading">
            <h3 id="signs-heading" className="text-lg font-bold text-brand-900">
              {result.verdict === "be-careful" ? t("answer.worthChecking") : t("answer.eachSign")}
            </h3>
            <SignList result={result} titles={titles} />
          </section>
        ) : (
          <section aria-labelledby="still-heading" className="rounded-2xl bg-brand-50 p-4">
            <h3 id="still-heading" className="text-lg font-bold text-brand-900">
              {t("answer.stillNotSure")}
            </h3>
            <p className="mt-2">{t("answer.stillNotSureText")}</p>
          </section>
        )}
      </div>
    </section>
  );
});
