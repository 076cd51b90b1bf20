import { CHART_INK as INK, CHART_WIDTH as WIDTH, PLOT_BOTTOM, PLOT_TOP } from "~/ui/server-chart";
import { percent } from "~/training/sending/mail-health-rates";

/**
 * One rate per day as a line drawn on the server (plain SVG, no chart library), with the lines
 * receivers use drawn across and labeled. Days without any email leave a gap instead of a false
 * zero. The SVG's accessible name is a one-sentence summary; the page's table beside it holds
 * every figure (aria-describedby points at it).
 */

const HEIGHT = 150;
const LEFT = 44;
const RIGHT = WIDTH - 8;
const LINE_COLOUR = "#1749a6"; // brand-700

export interface RateLine {
  rate: number;
  label: string;
  /** Dark enough for text on white (WCAG AA). */
  colour: string;
}

export interface RatePoint {
  day: string;
  rate: number | null;
}

/** The axis's top label, short enough for the margin: "25%", "4.5%", "0.45%". */
function axisPercent(rate: number) {
  const value = rate * 100;
  return `${value >= 10 ? value.toFixed(0) : value >= 1 ? value.toFixed(1) : value.toFixed(2)}%`;
}

const shortDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const labelOf = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));

export function rateSummary(what: string, points: RatePoint[], lines: RateLine[]): string {
  const known = points.filter((point): point is { day: string; rate: number } => point.rate !== null);
  const range = `${points.length} days`;
  if (known.length === 0) return `${what} per day, last ${range}: no practice email sent.`;
  const highest = known.reduce((top, point) => (point.rate > top.rate ? point : top));
  const over = lines.map((line) => `${known.filter((point) => point.rate > line.rate).length} over ${line.label}`);
  return `${what} per day, last ${range}: highest ${percent(highest.rate)} on ${labelOf(highest.day)}; days ${over.join(", ")}.`;
}

export function RateChart({
  title,
  what,
  points,
  lines,
  tableId,
  testId,
}: {
  title: string;
  what: string;
  points: RatePoint[];
  lines: RateLine[];
  tableId: string;
  testId: string;
}) {
  const top = Math.max(...lines.map((line) => line.rate * 1.5), ...points.map((point) => point.rate ?? 0));
  const y = (rate: number) => PLOT_BOTTOM - ((PLOT_BOTTOM - PLOT_TOP) * rate) / top;
  const step = points.length > 1 ? (RIGHT - LEFT) / (points.length - 1) : 0;
  const x = (index: number) => LEFT + index * step;
  // Runs of consecutive days with a rate: a day without email breaks the line.
  const runs: { x: number; y: number }[][] = [];
  let run: { x: number; y: number }[] = [];
  points.forEach((point, index) => {
    if (point.rate === null) {
      if (run.length) runs.push(run);
      run = [];
    } else run.push({ x: x(index), y: y(point.rate) });
  });
  if (run.length) runs.push(run);
  return (
    <figure className="mt-4" data-testid={testId}>
      <figcaption className="text-base font-semibold text-brand-900">{title}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={rateSummary(what, points, lines)}
        aria-describedby={tableId}
        className="mt-2 h-auto w-full max-w-xl"
        preserveAspectRatio="xMinYMin meet"
      >
        <line x1={LEFT} x2={RIGHT} y1={PLOT_BOTTOM} y2={PLOT_BOTTOM} stroke={INK} strokeWidth="1" />
        <text x={LEFT - 4} y={PLOT_BOTTOM} textAnchor="end" fontSize="10" fill={INK}>
          0%
        </text>
        <text x={LEFT - 4} y={PLOT_TOP + 4} textAnchor="end" fontSize="10" fill={INK}>
          {axisPercent(top)}
        </text>
        {lines.map((line) => (
          <g key={line.label} data-line={line.label}>
            <line
              x1={LEFT}
              x2={RIGHT}
              y1={y(line.rate)}
              y2={y(line.rate)}
              stroke={line.colour}
              strokeWidth="1"
              strokeDasharray="4 3"
            />
            <text x={RIGHT} y={y(line.rate) - 3} textAnchor="end" fontSize="10" fill={line.colour}>
              {line.label}
            </text>
          </g>
        ))}
        {runs.map((points, index) =>
          points.length > 1 ? (
            <polyline
              key={`run-${index}`}
              points={points.map((point) => `${point.x},${point.y}`).join(" ")}
              fill="none"
              stroke={LINE_COLOUR}
              strokeWidth="2"
            />
          ) : null,
        )}
        {runs.flat().map((point) => (
          <circle key={`${point.x}`} cx={point.x} cy={point.y} r="2.5" fill={LINE_COLOUR} />
        ))}
        {points.length > 0 && (
          <>
            <text x={LEFT} y={PLOT_BOTTOM + 16} textAnchor="start" fontSize="10" fill={INK}>
              {labelOf(points[0]!.day)}
            </text>
            <text x={RIGHT} y={PLOT_BOTTOM + 16} textAnchor="end" fontSize="10" fill={INK}>
              {labelOf(points.at(-1)!.day)}
            </text>
          </>
        )}
      </svg>
    </figure>
  );
}
