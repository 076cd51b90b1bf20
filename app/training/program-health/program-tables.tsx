import type { ProgramCounts } from "./program-figures.server";
import { percent } from "~/training/sending/mail-health-rates";

/**
 * The figures as tables, each in its own scrolling box so a phone scrolls the table, never the
 * page. The box is focusable and named, so keyboard users can scroll it too.
 */

type Row = Omit<ProgramCounts, "complaintRate" | "bounceRate"> & {
  complaintRate: number | null;
  bounceRate: number | null;
};

const COLUMNS = [
  "Sent",
  "Delivered",
  "Bounced",
  "Complained",
  "Opted out",
  "Reported",
  "Fell for",
  "Complaint rate",
  "Bounce rate",
];

export function ProgramTable<T extends Row>({
  id,
  caption,
  head,
  rows,
  keyOf,
  labelOf,
}: {
  id: string;
  caption: string;
  head: string;
  rows: T[];
  keyOf: (row: T) => string;
  labelOf: (row: T) => string;
}) {
  return (
    <div
      className="max-h-[32rem] overflow-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-brand-700"
      // A scrolling box with nothing focusable inside must take focus itself, or keyboard users
      // cannot scroll it (WCAG 2.1.1, axe's scrollable-region-focusable); it is a named region.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-labelledby={`${id}-caption`}
    >
      <table id={id} className="w-full text-left text-sm whitespace-nowrap">
        <caption id={`${id}-caption`} className="px-3 pt-3 text-left font-semibold text-brand-900">
          {caption}
        </caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="px-3 py-2">
              {head}
            </th>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 text-right">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={keyOf(row)} className="border-b border-slate-100">
              <th scope="row" className="px-3 py-1 font-normal">
                {labelOf(row)}
              </th>
              {[
                row.sent,
                row.delivered,
                row.bounced,
                row.complained,
                row.optedOut,
                row.reported,
                row.fell,
                percent(row.complaintRate),
                percent(row.bounceRate),
              ].map((cell, index) => (
                <td key={COLUMNS[index]} className="px-3 py-1 text-right tabular-nums">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
