import { Check, Eye } from "lucide-react";
import { Link } from "react-router";
import { PLAN_CARD_VALUES, PLAN_CARDS } from "~/billing/plans";
import { pathInLocale, spanishPathOf, type Locale } from "~/i18n/locales";

/** A card's button in the page's edition, its ?plan= kept ("/checkout?plan=family" → "/es/checkout?plan=family"). */
function buttonLinkIn(link: string, locale: Locale) {
  const [path, query] = link.split("?");
  const localized = pathInLocale(path, locale);
  return query ? `${localized}?${query}` : localized;
}
import { useT } from "~/i18n/use-translation";
import { cn } from "~/ui/cn";
import { dialogCommand } from "~/ui/native-dialog";
import { SAMPLE_EMAILS_DIALOG_ID, SampleEmailsDialog } from "./sample-emails-dialog";

/**
 * The three plans, in the page's language. The sample practice emails (a dialog) are in English
 * for now, so a Spanish page lists that feature without opening them.
 */
export function PlanCards({ headingLevel = "h3" }: { headingLevel?: "h2" | "h3" }) {
  const Heading = headingLevel;
  const t = useT();
  const withSamples = t.locale === "en";
  return (
    <>
      <div className="grid gap-6 lg:grid-cols-3">
        {PLAN_CARDS.map((card) => (
          <article
            key={card.key}
            aria-labelledby={`plan-${card.key}`}
            className={cn(
              "relative flex flex-col rounded-2xl border bg-white p-8 shadow-sm",
              card.highlighted ? "border-brand-600 ring-2 ring-brand-600" : "border-slate-200",
            )}
          >
            {card.highlighted && (
              <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-700 px-4 py-1 text-xs font-bold tracking-wide text-white uppercase">
                {t("plan.mostPopular")}
              </p>
            )}
            <Heading id={`plan-${card.key}`} className="text-xl font-bold text-brand-900">
              {t(card.name)}
            </Heading>
            <p className="mt-4 flex items-baseline gap-1">
              <span className="text-4xl font-extrabold text-ink">
                {card.price === undefined ? t("plan.free") : t("plan.price", { price: card.price })}
              </span>
              {card.price !== undefined && <span className="text-muted">{t("plan.perMonth")}</span>}
            </p>
            <p className="mt-2 text-muted">{t(card.tagline, PLAN_CARD_VALUES)}</p>
            <ul className="mt-6 flex-1 space-y-3">
              {card.features.map((feature) => (
                <li key={feature} className="flex gap-3">
                  <Check aria-hidden="true" className="mt-0.5 h-5 w-5 flex-none text-safe-600" />
                  {withSamples && feature === card.previewFeature ? (
                    <button
                      type="button"
                      {...dialogCommand(SAMPLE_EMAILS_DIALOG_ID, "show-modal")}
                      className="inline-flex items-center gap-1 text-left font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
                    >
                      {t(feature, PLAN_CARD_VALUES)}
                      <Eye aria-hidden="true" className="h-4 w-4" />
                      <span className="sr-only">{t("plan.seeSamples")}</span>
                    </button>
                  ) : (
                    <span>{t(feature, PLAN_CARD_VALUES)}</span>
                  )}
                </li>
              ))}
            </ul>
            <Link
              to={buttonLinkIn(card.buttonLink, t.locale)}
              {...(t.locale === "es" && !spanishPathOf(card.buttonLink.split("?")[0]) ? { hrefLang: "en" } : {})}
              className={cn(
                "mt-8 inline-flex min-h-12 items-center justify-center rounded-lg px-6 py-2 text-center font-semibold",
                card.highlighted
                  ? "bg-brand-700 text-white hover:bg-brand-800"
                  : "bg-white text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50",
              )}
            >
              {t(card.buttonText)}
            </Link>
          </article>
        ))}
      </div>
      {withSamples && <SampleEmailsDialog />}
    </>
  );
}
