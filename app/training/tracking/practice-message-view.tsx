import { useT } from "~/i18n/use-translation";
import type { ReactNode } from "react";
import type { LocatedPart, Segment } from "~/training/library/red-flag-segments";

/**
 * A practice message drawn as it arrived (an email with its From line and subject, or a text in a
 * phone bubble), with every red flag highlighted and numbered. The highlight is a <mark> that
 * carries its number visibly (a badge) and in words for screen readers ("Red flag 2: ..."), so
 * nothing depends on colour alone. The numbers are the ones of the explanations beside it.
 */

export function FlagNumber({ number, className = "" }: { number: number; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-warn-700 px-1 align-text-top text-xs leading-none font-bold text-white ${className}`}
    >
      {number}
    </span>
  );
}

/** Consecutive pieces of one red flag (a flag can be cut at a link's edge) form one highlight. */
function groupByFlag(segments: Segment[]): { flag: number | null; pieces: Segment[] }[] {
  const groups: { flag: number | null; pieces: Segment[] }[] = [];
  for (const segment of segments) {
    const last = groups[groups.length - 1];
    if (last && last.flag !== null && last.flag === segment.flag) last.pieces.push(segment);
    else groups.push({ flag: segment.flag, pieces: [segment] });
  }
  return groups;
}

function Piece({ segment, linkText }: { segment: Segment; linkText?: string }) {
  if (!segment.link) return <>{segment.text}</>;
  // The call-to-action link, drawn as a link but not one: there is nothing to open here.
  return (
    <span className="font-medium break-all text-brand-700 underline underline-offset-2">
      {linkText ?? segment.text}
    </span>
  );
}

function Highlighted({ segments, linkText }: { segments: Segment[]; linkText?: string }) {
  const t = useT();
  return (
    <>
      {groupByFlag(segments).map((group) => {
        const content: ReactNode = group.pieces.map((piece) => (
          <Piece key={piece.start} segment={piece} linkText={linkText} />
        ));
        if (group.flag === null) return <span key={group.pieces[0].start}>{content}</span>;
        return (
          <mark
            key={group.pieces[0].start}
            data-red-flag={group.flag}
            className="rounded bg-amber-100 px-0.5 text-ink ring-1 ring-warn-700"
          >
            <span className="sr-only">{t("practiceMessage.flagStart", { number: group.flag })}</span>
            <FlagNumber number={group.flag} className="mr-1" />
            {content}
            <span className="sr-only">{t("practiceMessage.flagEnd", { number: group.flag })}</span>
          </mark>
        );
      })}
    </>
  );
}

export interface ArrivedMessage {
  /** The address or number it went to. */
  to: string;
  fromName: LocatedPart;
  fromAddress: LocatedPart;
  subject: LocatedPart | null;
  paragraphs: Segment[][];
}

/**
 * `contentLanguage`: the message's language when it is not the page's (an English message on the
 * holder's Spanish page), set as `lang` on its own words; the labels around them stay the page's.
 */
export function ArrivedEmail({ message, contentLanguage }: { message: ArrivedMessage; contentLanguage?: string }) {
  const t = useT();
  return (
    <article
      aria-label={t("practiceMessage.email")}
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <dl className="space-y-1 border-b border-slate-200 bg-slate-50 px-4 py-3 text-sm">
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-semibold text-muted">{t("practiceMessage.from")}</dt>
          <dd className="min-w-0 break-words" lang={contentLanguage}>
            <Highlighted segments={message.fromName.segments} />{" "}
            <span className="break-all">
              &lt;
              <Highlighted segments={message.fromAddress.segments} />
              &gt;
            </span>
          </dd>
        </div>
        {message.to && (
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-semibold text-muted">{t("practiceMessage.to")}</dt>
            <dd className="min-w-0 break-all">{message.to}</dd>
          </div>
        )}
        {message.subject && (
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-semibold text-muted">{t("practiceMessage.subject")}</dt>
            <dd className="min-w-0 font-semibold break-words" lang={contentLanguage}>
              <Highlighted segments={message.subject.segments} />
            </dd>
          </div>
        )}
      </dl>
      <div className="space-y-4 px-4 py-4 leading-7 break-words whitespace-pre-line" lang={contentLanguage}>
        {message.paragraphs.map((paragraph, index) => (
          <p key={index}>
            <Highlighted segments={paragraph} />
          </p>
        ))}
      </div>
    </article>
  );
}

export function ArrivedText({
  message,
  linkText,
  contentLanguage,
}: {
  message: ArrivedMessage;
  linkText: string;
  /** As ArrivedEmail's. */
  contentLanguage?: string;
}) {
  const t = useT();
  const sameSender = message.fromName.text === message.fromAddress.text;
  return (
    <article
      aria-label={t("practiceMessage.text")}
      className="rounded-3xl border border-slate-200 bg-slate-50 p-4 shadow-sm"
    >
      <p className="text-center text-sm font-semibold" lang={contentLanguage}>
        <Highlighted segments={message.fromName.segments} />
        {!sameSender && (
          <span className="block font-normal text-muted">
            <Highlighted segments={message.fromAddress.segments} />
          </span>
        )}
      </p>
      <div
        className="mt-4 max-w-[85%] space-y-3 rounded-2xl rounded-bl-sm bg-slate-200 px-4 py-3 leading-7 break-words whitespace-pre-line"
        lang={contentLanguage}
      >
        {message.paragraphs.map((paragraph, index) => (
          <p key={index}>
            <Highlighted segments={paragraph} linkText={linkText} />
          </p>
        ))}
      </div>
    </article>
  );
}
