import type { ReactNode } from "react";
import { coursePageHref } from "~/course/course-words";
import { localeOfPath, type Locale } from "~/i18n/locales";
import { useT } from "~/i18n/use-translation";

/**
 * What to do with a message that worried you, whatever the check found: where to report it, and
 * the first steps after a click, a payment or a code given away. The facts follow the FTC
 * (ReportFraud.ftc.gov, in Spanish ReporteFraude.ftc.gov; its line 1-877-FTC-HELP, which answers
 * in Spanish too; IdentityTheft.gov, in Spanish RobodeIdentidad.gov; gift card advice), the FBI
 * (ic3.gov), the carriers' 7726 spam short code, and in the UK the NCSC (report@phishing.gov.uk)
 * and Report Fraud.
 */

function External({ href, children, lang }: { href: string; children: ReactNode; lang?: string }) {
  return (
    <a
      href={href}
      lang={lang}
      rel="noopener noreferrer"
      className="font-medium text-brand-700 underline underline-offset-2"
    >
      {children}
    </a>
  );
}

/**
 * A course page named inside a sentence: its Spanish edition on a Spanish page where it is written
 * (the sentence names it in Spanish), else the English page, whose English title the sentence keeps.
 */
function courseLink(page: number, locale: Locale) {
  const href = coursePageHref(page, locale);
  const language = localeOfPath(href);
  return function CourseLink(chunks: ReactNode[]) {
    return (
      <a
        href={href}
        className="text-brand-700 underline underline-offset-2"
        hrefLang={language}
        lang={language === locale ? undefined : language}
      >
        {chunks}
      </a>
    );
  };
}

const bold = (chunks: ReactNode[]) => <strong>{chunks}</strong>;
/** `lang`: the name of a service that has one name only, in its own language ("Report Fraud"). */
const external = (href: string, lang?: string) =>
  function ExternalLink(chunks: ReactNode[]) {
    return (
      <External href={href} lang={lang}>
        {chunks}
      </External>
    );
  };

export function CheckAdvice() {
  const t = useT();
  const spanish = t.locale === "es";
  return (
    <div className="mt-10 space-y-8">
      <section aria-labelledby="report-heading">
        <h2 id="report-heading" className="text-xl font-bold text-brand-900">
          {t("advice.reportHeading")}
        </h2>
        <p className="mt-2">{t("advice.reportIntro")}</p>
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          <div className="rounded-2xl border border-slate-200 bg-white p-4">
            <h3 className="font-bold text-brand-900">{t("advice.us")}</h3>
            <ul className="mt-2 list-disc space-y-2 pl-5">
              <li>{t.rich("advice.usText", { b: bold })}</li>
              <li>
                {t.rich("advice.usFtc", {
                  link: external(spanish ? "https://reportefraude.ftc.gov/" : "https://reportfraud.ftc.gov/"),
                })}
              </li>
              <li>{t.rich("advice.usFtcPhone", { b: bold })}</li>
              <li>{t.rich("advice.usIc3", { link: external("https://www.ic3.gov/") })}</li>
            </ul>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-4">
            <h3 className="font-bold text-brand-900">{t("advice.uk")}</h3>
            <ul className="mt-2 list-disc space-y-2 pl-5">
              <li>{t.rich("advice.ukText", { b: bold })}</li>
              <li>{t.rich("advice.ukEmail", { b: bold })}</li>
              <li>{t.rich("advice.ukFraud", { link: external("https://www.reportfraud.police.uk/", "en") })}</li>
            </ul>
          </div>
        </div>
        <p className="mt-3 text-sm text-muted">{t.rich("advice.reportCourse", { link: courseLink(41, t.locale) })}</p>
      </section>

      <section aria-labelledby="already-heading">
        <h2 id="already-heading" className="text-xl font-bold text-brand-900">
          {t("advice.alreadyHeading")}
        </h2>
        <p className="mt-2">{t("advice.alreadyIntro")}</p>
        <ul className="mt-4 space-y-4">
          <li className="rounded-2xl bg-brand-50 p-4">
            <h3 className="font-bold text-brand-900">{t("advice.paidHeading")}</h3>
            <p className="mt-1">{t("advice.paidText")}</p>
          </li>
          <li className="rounded-2xl bg-brand-50 p-4">
            <h3 className="font-bold text-brand-900">{t("advice.passwordHeading")}</h3>
            <p className="mt-1">
              {t.rich("advice.passwordText", {
                passwords: courseLink(38, t.locale),
                twoStep: courseLink(39, t.locale),
              })}
            </p>
          </li>
          <li className="rounded-2xl bg-brand-50 p-4">
            <h3 className="font-bold text-brand-900">{t("advice.ssnHeading")}</h3>
            <p className="mt-1">
              {t.rich("advice.ssnText", {
                link: external(spanish ? "https://www.robodeidentidad.gov/" : "https://www.identitytheft.gov/"),
                course: courseLink(17, t.locale),
              })}
            </p>
          </li>
          <li className="rounded-2xl bg-brand-50 p-4">
            <h3 className="font-bold text-brand-900">{t("advice.openedHeading")}</h3>
            <p className="mt-1">{t("advice.openedText")}</p>
          </li>
        </ul>
        <p className="mt-3 text-sm text-muted">{t.rich("advice.alreadyCourse", { link: courseLink(40, t.locale) })}</p>
      </section>
    </div>
  );
}
