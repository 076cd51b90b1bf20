import { ShieldAlert } from "lucide-react";
import { Card } from "~/ui/card";

/**
 * Where to report a real scam. Practice messages are ours; a real suspicious message belongs with
 * the authorities, never with us, so nothing here asks anyone to forward one to scam-free.
 */
export function ReportRealScams() {
  return (
    <Card className="mt-6 p-4 sm:p-6" role="region" aria-labelledby="report-real-scams">
      <div className="flex items-start gap-3">
        <ShieldAlert aria-hidden="true" className="mt-1 h-6 w-6 shrink-0 text-brand-700" />
        <div>
          <h3 id="report-real-scams" className="text-lg font-bold text-brand-900">
            Got a real scam? Report it where it helps
          </h3>
          <p className="mt-1 text-muted">
            Please don't send real suspicious messages to us. Report them here instead, then delete them:
          </p>
          <ul className="mt-3 list-disc space-y-2 pl-5">
            <li>
              Any scam or fraud in the US: the Federal Trade Commission at{" "}
              <a
                href="https://reportfraud.ftc.gov"
                className="text-brand-700 underline"
                rel="noopener noreferrer"
                target="_blank"
              >
                reportfraud.ftc.gov
              </a>
              .
            </li>
            <li>
              Online crime, such as money lost to a scammer online: the FBI's Internet Crime Complaint Center at{" "}
              <a
                href="https://www.ic3.gov"
                className="text-brand-700 underline"
                rel="noopener noreferrer"
                target="_blank"
              >
                ic3.gov
              </a>
              .
            </li>
            <li>
              A scam text: forward it to <strong>7726</strong> (the letters SPAM), so your mobile carrier can block the
              sender.
            </li>
          </ul>
        </div>
      </div>
    </Card>
  );
}
