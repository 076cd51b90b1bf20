import type { ReactNode } from "react";

/**
 * The frame our small server-drawn charts share (plain SVG, no chart library): the drawing with a
 * one-sentence summary as its accessible name, an optional legend, and the same figures as a
 * table behind a "Show … as a table" toggle, for screen readers and for anyone who prefers numbers.
 */

export const CHART_WIDTH = 360;
export const PLOT_TOP = 10;
export const PLOT_BOTTOM = 120;
export const CHART_INK = "#475569"; // slate-600, readable on white

/** Where bar `index` of `count` starts, and how wide bars are, in a plot starting at `left`. */
export function barLayout(count: number, left: number) {
  const slot = (CHART_WIDTH - left) / count;
  const barWidth = slot * 0.6;
  return { barWidth, barX: (index: number) => left + index * slot + (slot - barWidth) / 2 };
}

export interface ChartTableRow {
  key: string | number;
  /** The first cell heads its row. */
  cells: ReactNode[];
}

export function ServerChart({
  testId,
  height,
  summary,
  children,
  legend,
  tableToggle,
  tableCaption,
  columns,
  rows,
  tableNote,
}: {
  testId: string;
  height: number;
  summary: string;
  children: ReactNode;
  legend?: ReactNode;
  tableToggle: string;
  tableCaption: string;
  columns: string[];
  rows: ChartTableRow[];
  /** A note under the table, tied to it with aria-describedby. */
  tableNote?: { id: string; text: string };
}) {
  return (
    <figure className="mt-4" data-testid={testId}>
      <svg
        viewBox={`0 0 ${CHART_WIDTH} ${height}`}
        role="img"
        aria-label={summary}
        className="h-auto w-full max-w-xl"
        preserveAspectRatio="xMinYMin meet"
      >
        {children}
      </svg>
      {legend}
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-medium text-brand-700 underline">{tableToggle}</summary>
        <table className="mt-2 w-full max-w-md text-left text-sm" aria-describedby={tableNote?.id}>
          <caption className="text-left font-semibold text-brand-900">{tableCaption}</caption>
          <thead>
            <tr className="border-b border-slate-200">
              {columns.map((column, index) => (
                <th key={column} scope="col" className={index < columns.length - 1 ? "py-1 pr-4" : "py-1"}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-b border-slate-100">
                {row.cells.map((cell, index) =>
                  index === 0 ? (
                    <th key={index} scope="row" className="py-1 pr-4 font-normal">
                      {cell}
                    </th>
                  ) : (
                    <td key={index} className={index < row.cells.length - 1 ? "py-1 pr-4" : "py-1"}>
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
        {tableNote && (
          <p id={tableNote.id} className="mt-1 text-xs text-muted">
            {tableNote.text}
          </p>
        )}
      </details>
    </figure>
  );
}
