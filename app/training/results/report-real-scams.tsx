import { ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useT } from "~/i18n/use-translation";
import { Card } from "~/ui/card";

/**
 * Where to report a real scam. Practice messages are ours; a real suspicious message belongs with
 * the authorities, never with us, so nothing here asks anyone to forward one to scam-free. On the
 * Spanish page the FTC's link is its Spanish site, ReporteFraude.ftc.gov.
 */
export function ReportRealScams() {
  const t = useT();
  const external = (href: string) =>
    function ExternalLink(chunks: ReactNode[]) {
      return (
        <a href={href} className="text-brand-700 underline" rel="noopener noreferrer" target="_blank">
          {chunks}
        </a>
      );
    };
  return (
    <Card className="mt-6 p-4 sm:p-6" role="region" aria-labelledby="report-real-scams">
      <div className="flex items-start gap-3">
        <ShieldAlert aria-hidden="true" className="mt-1 h-6 w-6 shrink-0 text-brand-700" />
        <div>
          <h3 id="report-real-scams" className="text-lg font-bold text-brand-900">
            {t("trainingResults.report.heading")}
          </h3>
          <p className="mt-1 text-muted">{t("trainingResults.report.intro")}</p>
          <ul className="mt-3 list-disc space-y-2 pl-5">
            <li>
              {t.rich("trainingResults.report.ftc", {
                link: external(t.locale === "es" ? "https://reportefraude.ftc.gov" : "https://reportfraud.ftc.gov"),
              })}
            </li>
            <li>{t.rich("trainingResults.report.ic3", { link: external("https://www.ic3.gov") })}</li>
            <li>{t.rich("trainingResults.report.text", { b: (chunks) => <strong>{chunks}</strong> })}</li>
          </ul>
        </div>
      </div>
    </Card>
  );
}
