import { Check, Flag, Lightbulb, X } from "lucide-react";
import type { KeyboardEvent, ReactNode } from "react";
import type { MessageLayout, Piece, Run } from "./candidates";
import type { RoundFeedback } from "./feedback";

/**
 * A trainer message drawn as it would arrive (an email with From and Subject lines, or a text in
 * a phone bubble), in one of two states:
 * - marking: every candidate part is a checkbox inside its label, visually the text itself. Tab
 *   and Shift+Tab move between parts; Space (and Enter, with JavaScript) marks or unmarks one. A
 *   plain checkbox posts with the form, so the members' trainer works without JavaScript. A
 *   marked part gets a solid outline, a tinted background and a flag icon, an unmarked one a
 *   dashed underline: the difference never rests on colour alone.
 * - checked: found, missed, good-instinct and false-alarm parts are drawn with an icon, a word for
 *   screen readers, and the red flag's number (the one of the explanations below).
 */

export interface MarkingState {
  /** Controlled (the free taste); leave out for a plain form (the members' trainer). */
  selected?: ReadonlySet<string>;
  onToggle?: (id: string) => void;
  /** Name of the checkboxes in a posted form. */
  name?: string;
}

function RunText({ run }: { run: Run }) {
  if (!run.link) return <>{run.text}</>;
  // The call-to-action link, drawn as a link but not one: there is nothing to open here.
  return <span className="font-medium break-all text-brand-700 underline underline-offset-2">{run.text}</span>;
}

function Runs({ runs }: { runs: Run[] }) {
  return (
    <>
      {runs.map((run, index) => (
        <RunText key={index} run={run} />
      ))}
    </>
  );
}

/** Enter marks a part too (a checkbox only answers Space), instead of submitting the form. */
function enterToggles(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key !== "Enter") return;
  event.preventDefault();
  event.currentTarget.click();
}

function Toggle({ piece, marking }: { piece: Piece & { candidateId: string }; marking: MarkingState }) {
  const controlled = marking.selected !== undefined;
  return (
    <label
      data-part={piece.candidateId}
      className="group/part cursor-pointer rounded-sm border-b-2 border-dashed border-brand-600 box-decoration-clone px-0.5 hover:bg-brand-50 has-checked:border-solid has-checked:border-warn-700 has-checked:bg-amber-100 has-checked:outline-2 has-checked:outline-warn-700 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
    >
      <Flag
        aria-hidden="true"
        className="mr-0.5 hidden h-4 w-4 align-text-top text-warn-700 group-has-checked/part:inline"
      />
      <Runs runs={piece.runs} />
      {/* Last in the label, so the text (not this visually hidden box) is where the label is. */}
      <input
        type="checkbox"
        className="sr-only"
        name={marking.name}
        value={piece.candidateId}
        onKeyDown={enterToggles}
        {...(controlled
          ? { checked: marking.selected!.has(piece.candidateId), onChange: () => marking.onToggle?.(piece.candidateId) }
          : {})}
      />
    </label>
  );
}

function Badge({ number, tone }: { number: number; tone: "found" | "missed" }) {
  return (
    <span
      aria-hidden="true"
      className={`mr-1 inline-flex h-5 min-w-5 items-center justify-center rounded-full px-1 align-text-top text-xs leading-none font-bold text-white ${tone === "found" ? "bg-safe-600" : "bg-warn-700"}`}
    >
      {number}
    </span>
  );
}

function Checked({ piece, feedback }: { piece: Piece & { candidateId: string }; feedback: RoundFeedback }) {
  const mark = feedback.marks[piece.candidateId];
  if (!mark) return <Runs runs={piece.runs} />;
  if (mark.mark === "found") {
    return (
      <mark
        data-mark="found"
        className="rounded-sm bg-safe-50 box-decoration-clone px-0.5 text-ink outline-2 outline-safe-600"
      >
        <span className="sr-only">Red flag {mark.number}, found: </span>
        <Check aria-hidden="true" className="mr-0.5 inline h-4 w-4 align-text-top text-safe-600" />
        <Badge number={mark.number!} tone="found" />
        <Runs runs={piece.runs} />
      </mark>
    );
  }
  if (mark.mark === "missed") {
    return (
      <mark
        data-mark="missed"
        className="rounded-sm border-b-2 border-warn-700 bg-amber-100 box-decoration-clone px-0.5 text-ink"
      >
        <span className="sr-only">Red flag {mark.number}, missed: </span>
        <Badge number={mark.number!} tone="missed" />
        <Runs runs={piece.runs} />
      </mark>
    );
  }
  if (mark.mark === "good-instinct") {
    return (
      <span
        data-mark="good-instinct"
        className="rounded-sm bg-amber-50 box-decoration-clone px-0.5 outline-1 outline-warn-700 outline-dotted"
      >
        <span className="sr-only">Good instinct, counted as red flag {mark.number}: </span>
        <Lightbulb aria-hidden="true" className="mr-0.5 inline h-4 w-4 align-text-top text-warn-700" />
        <Runs runs={piece.runs} />
      </span>
    );
  }
  return (
    <span
      data-mark="false-alarm"
      className="rounded-sm bg-slate-100 box-decoration-clone px-0.5 outline-1 outline-slate-400 outline-dashed"
    >
      <span className="sr-only">Marked, not a red flag: </span>
      <X aria-hidden="true" className="mr-0.5 inline h-4 w-4 align-text-top text-muted" />
      <Runs runs={piece.runs} />
    </span>
  );
}

function Pieces({ pieces, marking, feedback }: { pieces: Piece[]; marking?: MarkingState; feedback?: RoundFeedback }) {
  return (
    <>
      {pieces.map((piece, index) => {
        if (piece.candidateId === null) return <Runs key={index} runs={piece.runs} />;
        const part = piece as Piece & { candidateId: string };
        if (feedback) return <Checked key={part.candidateId} piece={part} feedback={feedback} />;
        return <Toggle key={part.candidateId} piece={part} marking={marking ?? {}} />;
      })}
    </>
  );
}

export function TrainerMessage({
  layout,
  marking,
  feedback,
  label,
}: {
  layout: MessageLayout;
  /** Marking state; the message shows its parts as toggles. */
  marking?: MarkingState;
  /** After Check: the message shows what was found, missed and marked wrongly. */
  feedback?: RoundFeedback;
  label: string;
}) {
  const pieces = (list: Piece[]) => <Pieces pieces={list} marking={marking} feedback={feedback} />;
  const body: ReactNode[] = layout.paragraphs.map((paragraph, index) => <p key={index}>{pieces(paragraph)}</p>);
  if (layout.channel === "sms") {
    return (
      <article aria-label={label} className="rounded-3xl border border-slate-200 bg-slate-50 p-4 shadow-sm">
        <p className="text-center text-sm font-semibold">
          {pieces(layout.name)}
          {layout.address && <span className="block font-normal text-muted">{pieces(layout.address)}</span>}
        </p>
        <div className="mt-4 max-w-[92%] space-y-3 rounded-2xl rounded-bl-sm bg-slate-200 px-4 py-3 leading-8 break-words whitespace-pre-line">
          {body}
        </div>
      </article>
    );
  }
  return (
    <article aria-label={label} className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <dl className="space-y-1 border-b border-slate-200 bg-slate-50 px-4 py-3 text-sm leading-7">
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-semibold text-muted">From:</dt>
          <dd className="min-w-0 break-words">
            {pieces(layout.name)}{" "}
            {layout.address && <span className="break-all">&lt;{pieces(layout.address)}&gt;</span>}
          </dd>
        </div>
        {layout.subject && (
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-semibold text-muted">Subject:</dt>
            <dd className="min-w-0 font-semibold break-words">{pieces(layout.subject)}</dd>
          </div>
        )}
      </dl>
      <div className="space-y-4 px-4 py-4 leading-8 break-words whitespace-pre-line">{body}</div>
    </article>
  );
}
