import { CheckCircle2, Circle } from "lucide-react";
import { useT } from "~/i18n/use-translation";
import { Card } from "~/ui/card";
import type { ContactView } from "./contact-view";
import { setupSteps } from "./setup-checklist";

/**
 * "Set up your family's training": the three steps, at the top of the page until they are done,
 * then one "All set" line in their place (a list that just vanished left the parent wondering).
 */
export function SetupChecklistCard({ contacts }: { contacts: ContactView[] }) {
  const t = useT();
  const { steps, allSet } = setupSteps(contacts, t);
  if (contacts.length === 0) return null;
  if (allSet) {
    return (
      <p
        role="status"
        data-testid="setup-all-set"
        className="mt-6 flex items-start gap-3 rounded-2xl bg-safe-50 px-4 py-3 font-semibold text-ink ring-1 ring-green-200"
      >
        <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 flex-none text-safe-600" />
        <span>{allSet}</span>
      </p>
    );
  }
  return (
    <Card className="mt-6 border-brand-300 bg-brand-50" role="region" aria-labelledby="setup-heading">
      <h2 id="setup-heading" className="text-xl font-bold text-brand-900">
        {t("trainingSetup.heading")}
      </h2>
      <p className="mt-1 text-muted">{t("trainingSetup.intro")}</p>
      <ol className="mt-4 space-y-3" data-testid="setup-steps">
        {steps.map((step, index) => (
          <li key={step.id} className="flex gap-3">
            {step.left ? (
              <Circle aria-hidden="true" className="mt-0.5 h-5 w-5 flex-none text-brand-700" />
            ) : (
              <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 flex-none text-safe-600" />
            )}
            <div>
              <p className="font-semibold text-ink">
                {index + 1}. {step.title}
                <span className="sr-only">{step.left ? t("trainingSetup.toDo") : t("trainingSetup.done")}</span>
              </p>
              {step.left && <p className="text-sm text-muted">{step.left}</p>}
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
