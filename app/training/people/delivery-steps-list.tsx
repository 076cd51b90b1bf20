import type { DeliverySteps } from "./delivery-steps";

/** "Gmail:" and its numbered steps, as the consent page and the holder's card show them. */
export function DeliveryStepsList({ steps }: { steps: DeliverySteps }) {
  return (
    <div className="mt-2 text-sm" lang={steps.language}>
      <p className="font-semibold text-ink">{steps.service}</p>
      <ol className="mt-1 list-decimal space-y-1 pl-5">
        {steps.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </div>
  );
}
