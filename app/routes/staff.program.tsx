import { data } from "react-router";
import type { Route } from "./+types/staff.program";
import { useResultToast } from "~/account/use-result-toast";
import { getDatabase } from "~/db/database.server";
import { pageMeta } from "~/seo/meta";
import { requireStaff, STAFF_HEADERS } from "~/staff/require-staff.server";
import { StaffFrame } from "~/staff/staff-nav";
import { FormMessage } from "~/ui/form-message";
import { readForm } from "~/validation/read-form.server";
import { resumeBrake } from "~/training/sending/practice-brakes.server";
import { loadProgramFigures } from "~/training/program-health/program-figures.server";
import { HoldingBrakes, ProgramFiguresView } from "~/training/program-health/program-health-page";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Program health | Staff",
    description: "Practice messages, complaints, bounces and brakes.",
    path: "/staff/program",
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const figures = await loadProgramFigures(await getDatabase());
  const brakes = figures.brakes.map((brake) => ({ ...brake, appliedAt: brake.appliedAt.toISOString() }));
  return data({ days: figures.days, scenarios: figures.scenarios, brakes }, { headers: STAFF_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff({ request, context });
  const form = await readForm(request);
  const { status, result } = await resumeBrake(await getDatabase(), form, staff.id);
  return data(result, { status, headers: STAFF_HEADERS });
}

export default function StaffProgram({ loaderData, actionData }: Route.ComponentProps) {
  useResultToast(actionData);
  return (
    <StaffFrame title="Program health">
      <FormMessage result={actionData} />
      <HoldingBrakes brakes={loaderData.brakes} />
      <ProgramFiguresView days={loaderData.days} scenarios={loaderData.scenarios} />
    </StaffFrame>
  );
}
