import { forwardRef, type ReactNode } from "react";
import type { AskKind, CheckInput, CheckResult, SignField, Verdict, WarningSign } from "~/checker/check-message";
import { LearnMoreLinks } from "~/red-flags/learn-more-links";
import { FlagNumber } from "~/training/tracking/practice-message-view";

/**
 * The checker's answer, drawn in the practice feedback page's visual language: the message as it
 * was pasted with every warning sign highlighted and numbered, then each sign explained with its
 * public red-flag page and the course page. It never says a message is safe.
 */

/** Titles of the red-flag and course pages the signs link to, by path (from the loader). */
export type PageTitles = Record<string, string>;

export function verdictSentence(result: CheckResult): string {
  const count = result.signs.length;
  if (result.verdict === "none-found" || count === 0) {
    return "We found no warning signs we know. That does not make it safe: contact the company or person through a number or website you already know.";
  }
  if (result.verdict === "be-careful") return "Be careful: one thing here is worth checking.";
  return `${count} warning ${count === 1 ? "sign" : "signs"}. Treat it as a scam: don't reply, don't click, don't pay.`;
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

const ASK_WORDS: Record<AskKind, string> = {
  "open-link": "open a link",
  call: "call a number it gives",
  pay: "pay",
  "give-code": "give a code or a password",
  "give-details": "give personal details",
  reply: "reply",
  scan: "scan a QR code",
  "open-attachment": "open an attachment",
  "keep-secret": "keep it secret",
};

/** "a, b and c" */
function listed(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** Under a warning: what the message asks, and the numbers of the signs that decided the answer. */
function WhyThisAnswer({ result }: { result: CheckResult }) {
  const deciding = result.signs.filter((sign) => sign.deciding);
  if (result.verdict === "be-careful") {
    return (
      <p className="mt-3">
        On its own it does not prove a scam. Before you reply, click or pay, check with the company or person through a
        number or website you already know.
      </p>
    );
  }
  if (result.verdict !== "warning-signs") return null;
  return (
    <div className="mt-3 space-y-1">
      {result.asks.length > 0 && <p>It asks you to {listed(result.asks.map((ask) => ASK_WORDS[ask]))}.</p>}
      {deciding.length > 0 && (
        <p>
          What decided it: {deciding.length === 1 ? "sign" : "signs"}{" "}
          {listed(deciding.map((sign) => `${sign.number} (${sign.title})`))}.
        </p>
      )}
    </div>
  );
}

/** One field's text with its signs as numbered marks (a later sign that overlaps an earlier one starts after it). */
function Marked({ text, signs }: { text: string; signs: WarningSign[] }) {
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
        <span className="sr-only">Warning sign {sign.number}: </span>
        <FlagNumber number={sign.number} className="mr-1" />
        {text.slice(start, sign.end)}
        <span className="sr-only"> (end of warning sign {sign.number})</span>
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

const WHERE: Record<SignField, string> = {
  sender: "the sender",
  subject: "the subject",
  text: "the message",
  links: "a link",
};

function TheMessage({ input, result }: { input: CheckInput; result: CheckResult }) {
  return (
    <article
      aria-label="The message you pasted, with its warning signs"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      {input.sender && (
        <p className="border-b border-slate-100 pb-2 break-words">
          <span className="text-sm font-semibold text-muted">From: </span>
          <Marked text={input.sender} signs={signsIn(result, "sender")} />
        </p>
      )}
      {input.subject && (
        <p className="border-b border-slate-100 py-2 font-semibold break-words">
          <span className="text-sm text-muted">Subject: </span>
          <Marked text={input.subject} signs={signsIn(result, "subject")} />
        </p>
      )}
      <p className="pt-2 break-words whitespace-pre-wrap">
        <Marked text={input.text} signs={signsIn(result, "text")} />
      </p>
      {input.links && input.links.length > 0 && (
        <div className="mt-3 border-t border-slate-100 pt-2">
          <p className="text-sm font-semibold text-muted">Where its links really go:</p>
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

function SignList({ result, titles }: { result: CheckResult; titles: PageTitles }) {
  // A sign found in several places is explained once, at its first number; the others point there
  // (the same why and links three times read as padding).
  const repeats = firstNumbers(result.signs);
  return (
    <ol aria-labelledby="signs-heading" className="mt-3 space-y-4">
      {result.signs.map((sign) => {
        const first = repeats.get(sign.number);
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
                <span className="sr-only">Warning sign {sign.number}: </span>
                {sign.title}
                {sign.deciding && (
                  <span className="ml-2 inline-block rounded-full bg-slate-100 px-2 py-0.5 align-middle text-xs font-semibold text-ink">
                    Deciding sign
                  </span>
                )}
              </p>
              <p className="mt-1 break-words text-muted">
                In {WHERE[sign.field]}: “{sign.quote}”
              </p>
              {sign.detail && <p className="mt-1 break-words">{sign.detail}</p>}
              {first === undefined ? (
                <>
                  <p className="mt-1">{sign.why}</p>
                  <LearnMoreLinks
                    learnMore={{
                      href: sign.learnMore,
                      title: titles[sign.learnMore] ?? "Red flags: how to spot a scam",
                    }}
                    course={{ href: sign.coursePage, title: titles[sign.coursePage] ?? "The free course" }}
                  />
                </>
              ) : (
                <p className="mt-1">
                  The same warning sign as{" "}
                  <a
                    href={`#warning-sign-${first}`}
                    className="font-medium text-brand-700 underline underline-offset-2"
                  >
                    number {first}
                  </a>
                  , in another place.
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
          <span>{verdictSentence(result)}</span>
        </h2>
        <WhyThisAnswer result={result} />
      </div>
      <div className="mt-6 grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="pasted-heading">
          <h3 id="pasted-heading" className="text-lg font-bold text-brand-900">
            {found ? "The message, with its warning signs" : "The message you checked"}
          </h3>
          <div className="mt-3">
            <TheMessage input={input} result={result} />
          </div>
        </section>
        {found ? (
          <section aria-labelledby="signs-heading">
            <h3 id="signs-heading" className="text-lg font-bold text-brand-900">
              {result.verdict === "be-careful" ? "What is worth checking" : "What each warning sign means"}
            </h3>
            <SignList result={result} titles={titles} />
          </section>
        ) : (
          <section aria-labelledby="still-heading" className="rounded-2xl bg-brand-50 p-4">
            <h3 id="still-heading" className="text-lg font-bold text-brand-900">
              Still not sure?
            </h3>
            <p className="mt-2">
              Scammers change their words all the time, and a short or careful message can carry none of the signs we
              look for. Don&apos;t use the links, numbers or replies in the message. Find the company&apos;s number on
              your card, a bill or its own app, or call the person on the number you have always used, and ask.
            </p>
          </section>
        )}
      </div>
    </section>
  );
});
