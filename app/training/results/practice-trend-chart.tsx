import type { Translate } from "~/i18n/translate";
import { useT } from "~/i18n/use-translation";
import type { TrendWeek } from "./family-results-view";
import { weekLabel } from "./practice-results";
import {
  barLayout,
  CHART_INK as INK,
  CHART_WIDTH as WIDTH,
  PLOT_BOTTOM,
  PLOT_TOP,
  ServerChart,
} from "~/ui/server-chart";

/**
 * One person's last weeks of practice as a bar chart drawn on the server (plain SVG, no chart
 * library): a light bar for the messages sent each ISO week, a green bar inside it for the ones
 * spotted. The SVG carries a one-sentence summary; the same figures follow in a table.
 */

const HEIGHT = 150;
const LEFT = 24;
const SENT_COLOUR = "#b6d6ff"; // brand-200
const SPOTTED_COLOUR = "#15803d"; // safe-600

function trendSummary(name: string, trend: TrendWeek[], t: Translate): string {
  const sent = trend.reduce((sum, week) => sum + week.sent, 0);
  const spotted = trend.reduce((sum, week) => sum + week.spotted, 0);
  if (sent === 0) return t("trainingResults.chart.summaryNone", { name, weeks: trend.length });
  return t("trainingResults.chart.summary", { name, weeks: trend.length, spotted, sent });
}

/**
 * Where a week's label goes: centred under its bar, except the last one, which ends at its bar's
 * right edge. Centred, "Nov 23" under the last bar ran past the drawing's right edge (the SVG
 * clips there) and showed as "Nov 2" on a 375 px phone.
 */
export function labelPlace(index: number, count: number, x: number, barWidth: number) {
  return index === count - 1
    ? { x: Math.min(x + barWidth, WIDTH - 1), anchor: "end" as const }
    : { x: x + barWidth / 2, anchor: "middle" as const };
}

function WeekLabel({ x, anchor, text }: { x: number; anchor: "middle" | "end"; text: string }) {
  return (
    <text x={x} y={PLOT_BOTTOM + 16} textAnchor={anchor} fontSize="10" fill={INK}>
      {text}
    </text>
  );
}

export function PracticeTrendChart({ name, trend, idPrefix }: { name: string; trend: TrendWeek[]; idPrefix: string }) {
  const t = useT();
  // Each week by its Monday, in the page's language ("Nov 23", "23 nov").
  const label = (week: TrendWeek) => weekLabel(week.weekKey, t);
  const top = Math.max(1, ...trend.map((week) => week.sent));
  const { barWidth, barX } = barLayout(trend.length, LEFT);
  const heightOf = (count: number) => ((PLOT_BOTTOM - PLOT_TOP) * count) / top;
  return (
    <ServerChart
      testId="practice-trend"
      height={HEIGHT}
      summary={trendSummary(name, trend, t)}
      legend={
        <figcaption className="mt-2 flex flex-wrap gap-4 text-sm text-muted">
          <span className="inline-flex items-center gap-2">
            <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm" style={{ background: SENT_COLOUR }} />
            {t("trainingResults.figure.sent")}
          </span>
          <span className="inline-flex items-center gap-2">
            <span
              aria-hidden="true"
              className="inline-block h-3 w-3 rounded-sm"
              style={{ background: SPOTTED_COLOUR }}
            />
            {t("trainingResults.figure.spotted")}
          </span>
        </figcaption>
      }
      tableToggle={t("trainingResults.chart.tableToggle")}
      tableCaption={t("trainingResults.chart.caption", { name, weeks: trend.length })}
      columns={[
        t("trainingResults.chart.weekOf"),
        t("trainingResults.figure.sent"),
        t("trainingResults.figure.spotted"),
      ]}
      rows={trend.map((week) => ({ key: week.weekKey, cells: [label(week), week.sent, week.spotted] }))}
      tableNote={{ id: `${idPrefix}-trend-note`, text: t("trainingResults.chart.note", { name }) }}
    >
      <line x1={LEFT} x2={WIDTH} y1={PLOT_BOTTOM} y2={PLOT_BOTTOM} stroke={INK} strokeWidth="1" />
      <text x={LEFT - 6} y={PLOT_TOP + 4} textAnchor="end" fontSize="10" fill={INK}>
        {top}
      </text>
      <text x={LEFT - 6} y={PLOT_BOTTOM} textAnchor="end" fontSize="10" fill={INK}>
        0
      </text>
      {trend.map((week, index) => {
        const x = barX(index);
        return (
          <g key={week.weekKey}>
            {week.sent > 0 && (
              <rect
                x={x}
                y={PLOT_BOTTOM - heightOf(week.sent)}
                width={barWidth}
                height={heightOf(week.sent)}
                fill={SENT_COLOUR}
                rx="2"
              />
            )}
            {week.spotted > 0 && (
              <rect
                x={x + barWidth * 0.2}
                y={PLOT_BOTTOM - heightOf(week.spotted)}
                width={barWidth * 0.6}
                height={heightOf(week.spotted)}
                fill={SPOTTED_COLOUR}
                rx="2"
              />
            )}
            {/* Every third week is labelled, so the labels stay readable on a phone. */}
            {(trend.length - 1 - index) % 3 === 0 && (
              <WeekLabel {...labelPlace(index, trend.length, x, barWidth)} text={label(week)} />
            )}
          </g>
        );
      })}
    </ServerChart>
  );
}
