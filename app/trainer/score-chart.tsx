/**
 * A learner's last rounds as a small bar chart drawn on the server (plain SVG, like the family
 * results' trend chart): one bar per round, its height the score out of 100. The SVG carries a
 * one-sentence summary; the same figures follow in a table.
 */

const WIDTH = 360;
const HEIGHT = 140;
const PLOT_TOP = 10;
const PLOT_BOTTOM = 120;
const LEFT = 28;
const BAR_COLOUR = "#1d5fd1"; // brand-600
const GRID = "#cbd5e1"; // slate-300
const INK = "#475569"; // slate-600, readable on white

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
  const slots = Math.max(rounds.length, 10);
  const slot = (WIDTH - LEFT) / slots;
  const barWidth = slot * 0.6;
  const heightOf = (score: number) => Math.max(1, ((PLOT_BOTTOM - PLOT_TOP) * score) / 100);
  return (
    <figure className="mt-4" data-testid="trainer-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={chartSummary(name, rounds)}
        className="h-auto w-full max-w-xl"
        preserveAspectRatio="xMinYMin meet"
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
            x={LEFT + index * slot + (slot - barWidth) / 2}
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
      </svg>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-medium text-brand-700 underline">
          Show these rounds as a table
        </summary>
        <table className="mt-2 w-full max-w-md text-left text-sm">
          <caption className="text-left font-semibold text-brand-900">
            Scores of the last {rounds.length} {rounds.length === 1 ? "round" : "rounds"} for {name}, oldest first
          </caption>
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="py-1 pr-4">
                Round
              </th>
              <th scope="col" className="py-1 pr-4">
                Date
              </th>
              <th scope="col" className="py-1">
                Score
              </th>
            </tr>
          </thead>
          <tbody>
            {rounds.map((round, index) => (
              <tr key={round.id} className="border-b border-slate-100">
                <th scope="row" className="py-1 pr-4 font-normal">
                  {index + 1}
                </th>
                <td className="py-1 pr-4">{dateLabel(round.createdAt)}</td>
                <td className="py-1">{round.score}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
