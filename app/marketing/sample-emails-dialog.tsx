import { AlertTriangle } from "lucide-react";
import type { RefObject } from "react";
import { Dialog } from "~/ui/dialog";
import { SAMPLE_EMAILS } from "./sample-emails";

export default function SampleEmailsDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog
      returnFocusTo={returnFocusTo}
      open={open}
      onOpenChange={onOpenChange}
      title="Sample Practice Scam Emails"
      description="These are the kind of safe practice emails the Training Program sends. Each one is fake, and afterwards we show you every red flag it contained."
    >
      <ul className="space-y-4">
        {SAMPLE_EMAILS.map((email) => (
          <li key={email.id} className="rounded-xl border border-slate-200 bg-slate-50 p-4">
            <p className="text-xs font-bold tracking-wide text-warn-700 uppercase">{email.kind}</p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-2 text-sm">
              <dt className="font-semibold">From:</dt>
              <dd className="break-all">{email.from}</dd>
              <dt className="font-semibold">Subject:</dt>
              <dd>{email.subject}</dd>
            </dl>
            <div className="mt-2 space-y-1 text-sm text-muted">
              {email.body.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
            <p className="mt-3 flex items-center gap-1 text-sm font-semibold text-danger-600">
              <AlertTriangle aria-hidden="true" className="h-4 w-4" /> Red flags
            </p>
            <ul className="mt-1 list-disc pl-5 text-sm">
              {email.redFlags.map((flag) => (
                <li key={flag}>{flag}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <p className="mt-4 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
        Premium subscribers receive weekly practice emails like these, plus practice text messages,
        and a page after each one showing exactly which red flags they spotted and which they
        missed.
      </p>
    </Dialog>
  );
}
