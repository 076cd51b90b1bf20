import { Form, useNavigation } from "react-router";
import { formatStaffDate } from "~/staff/staff-nav";
import { Button } from "~/ui/button";
import {
  BOUNCE_WARNING_RATE,
  COMPLAINT_LIMIT_RATE,
  COMPLAINT_WARNING_RATE,
  BOUNCE_LIMIT_RATE,
  percent,
} from "~/training/sending/mail-health-rates";
import type { ProgramDay, ProgramScenario } from "./program-figures.server";
import { ProgramTable } from "./program-tables";
import { RateChart } from "./rate-chart";

/** The staff program-health page's body: brakes first (they need a person), then the figures. */

export interface BrakeView {
  id: string;
  scope: "scenario" | "practice-email";
  scenarioId: string | null;
  reason: string;
  appliedAt: string;
}

const COMPLAINT_LINES = [
  { rate: COMPLAINT_WARNING_RATE, label: "0.1% keep under", colour: "#b45309" },
  { rate: COMPLAINT_LIMIT_RATE, label: "0.3% limit", colour: "#b91c1c" },
];
const BOUNCE_LINES = [{ rate: BOUNCE_WARNING_RATE, label: "2% limit", colour: "#b91c1c" }];

function brakeTitle(brake: BrakeView) {
  return brake.scope === "practice-email" ? "All practice email" : `Scenario ${brake.scenarioId}`;
}

function ResumeButton({ brake }: { brake: BrakeView }) {
  const navigation = useNavigation();
  const busy = navigation.formData?.get("id") === brake.id;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="resume" />
      <input type="hidden" name="id" value={brake.id} />
      <Button type="submit" size="sm" disabled={busy} aria-label={`Resume: ${brakeTitle(brake)}`}>
        Resume
      </Button>
    </Form>
  );
}

export function HoldingBrakes({ brakes }: { brakes: BrakeView[] }) {
  return (
    <section aria-labelledby="brakes-heading">
      <h2 id="brakes-heading" className="text-xl font-bold text-brand-900">
        Brakes holding ({brakes.length})
      </h2>
      {brakes.length === 0 ? (
        <p className="mt-2 text-muted">No brake is holding: practice messages go out as planned.</p>
      ) : (
        <ul className="mt-3 space-y-3" aria-label="Brakes holding">
          {brakes.map((brake) => (
            <li
              key={brake.id}
              data-testid="practice-brake"
              className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4"
            >
              <div className="min-w-0">
                <p className="font-semibold text-brand-900">{brakeTitle(brake)}</p>
                <p className="text-sm break-words">{brake.reason}</p>
                <p className="text-xs text-muted">Since {formatStaffDate(brake.appliedAt)}</p>
              </div>
              <ResumeButton brake={brake} />
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-sm text-muted">
        A brake applies by itself when complaints pass {percent(COMPLAINT_LIMIT_RATE)} (over a scenario&apos;s last 200
        emails, or all practice email over 7 days) or bounces pass {percent(BOUNCE_LIMIT_RATE)} over 7 days. Resume once
        the cause is fixed: only sends after that count toward the next brake.
      </p>
    </section>
  );
}

const dayLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

export function ProgramFiguresView({ days, scenarios }: { days: ProgramDay[]; scenarios: ProgramScenario[] }) {
  const newestFirst = [...days].reverse();
  return (
    <>
      <section aria-labelledby="days-heading" className="mt-10">
        <h2 id="days-heading" className="text-xl font-bold text-brand-900">
          Last {days.length} days
        </h2>
        <div className="mt-2 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div className="min-w-0">
            <RateChart
              testId="complaint-rate-chart"
              title="Complaint rate of practice email"
              what="Complaint rate"
              points={days.map((day) => ({ day: day.day, rate: day.complaintRate }))}
              lines={COMPLAINT_LINES}
              tableId="program-days"
            />
            <RateChart
              testId="bounce-rate-chart"
              title="Bounce rate of practice email"
              what="Bounce rate"
              points={days.map((day) => ({ day: day.day, rate: day.bounceRate }))}
              lines={BOUNCE_LINES}
              tableId="program-days"
            />
          </div>
          <div className="min-w-0">
            <ProgramTable
              id="program-days"
              caption="Practice messages per day (UTC), newest first"
              head="Day"
              rows={newestFirst}
              keyOf={(row) => row.day}
              labelOf={(row) => dayLabel.format(new Date(`${row.day}T00:00:00Z`))}
            />
          </div>
        </div>
      </section>
      <section aria-labelledby="scenarios-heading" className="mt-10">
        <h2 id="scenarios-heading" className="text-xl font-bold text-brand-900">
          Per scenario, last {days.length} days
        </h2>
        {scenarios.length === 0 ? (
          <p className="mt-2 text-muted">No practice message went out in these days.</p>
        ) : (
          <div className="mt-3">
            <ProgramTable
              id="program-scenarios"
              caption="Practice messages per scenario"
              head="Scenario"
              rows={scenarios}
              keyOf={(row) => row.scenarioId}
              labelOf={(row) => row.scenarioId}
            />
          </div>
        )}
      </section>
    </>
  );
}
