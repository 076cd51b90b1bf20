import {
  barLayout,
  CHART_INK as INK,
  CHART_WIDTH as WIDTH,
  PLOT_BOTTOM,
  PLOT_TOP,
  ServerChart,
} from "~/ui/server-chart";

/**
 * A learner's last rounds as a small bar chart drawn on the server (plain SVG, like the family
 * results' trend chart): one bar per round, its height the score out of 100. The SVG carries a
 * one-sentence summary; the same figures follow in a table.
 */

const HEIGHT = 140;
const LEFT = 28;
const BAR_COLOUR = "#1d5fd1"; // brand-600
const GRID = "#cbd5e1"; // slate-300

export interface ChartRound {
  id: number;
  score: number;
  createdAt: string;
}

const dateLabel = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" }).format(new Date(iso));

export function chartSummary(name: string, rounds: ChartRound[]): string {
  if (rounds.length === 0) return `${name}: no rounds yet.`;
  const last = rounds[rounds.length - 1]!;
  const average = Math.round(rounds.reduce((sum, round) => sum + round.score, 0) / rounds.length);
  return `${name}, last ${rounds.length} ${rounds.length === 1 ? "round" : "rounds"}: average score ${average} out of 100, latest ${last.score}.`;
}

export function ScoreChart({ name, rounds }: { name: string; rounds: ChartRound[] }) {
  const { barWidth, barX } = barLayout(Math.max(rounds.length, 10), LEFT);
  const heightOf = (score: number) => Math.max(1, ((PLOT_BOTTOM - PLOT_TOP) * score) / 100);
  const plural = rounds.length === 1 ? "round" : "rounds";
  return (
    <ServerChart
      testId="trainer-chart"
      height={HEIGHT}
      summary={chartSummary(name, rounds)}
      tableToggle="Show these rounds as a table"
      tableCaption={`Scores of the last ${rounds.length} ${plural} for ${name}, oldest first`}
      columns={["Round", "Date", "Score"]}
      rows={rounds.map((round, index) => ({
        key: round.id,
        cells: [index + 1, dateLabel(round.createdAt), round.score],
      }))}
    >
      {[0, 50, 100].map((mark) => {
        const y = PLOT_BOTTOM - ((PLOT_BOTTOM - PLOT_TOP) * mark) / 100;
        return (
          <g key={mark}>
            <line x1={LEFT} x2={WIDTH} y1={y} y2={y} stroke={mark === 0 ? INK : GRID} strokeWidth="1" />
            <text x={LEFT - 6} y={y + 4} textAnchor="end" fontSize="10" fill={INK}>
              {mark}
            </text>
          </g>
        );
      })}
      {rounds.map((round, index) => (
        <rect
          key={round.id}
          x={barX(index)}
          y={PLOT_BOTTOM - heightOf(round.score)}
          width={barWidth}
          height={heightOf(round.score)}
          fill={BAR_COLOUR}
          rx="2"
        />
      ))}
      <text x={LEFT} y={PLOT_BOTTOM + 16} fontSize="10" fill={INK}>
        Oldest
      </text>
      <text x={WIDTH} y={PLOT_BOTTOM + 16} textAnchor="end" fontSize="10" fill={INK}>
        Latest
      </text>
    </ServerChart>
  );
}
