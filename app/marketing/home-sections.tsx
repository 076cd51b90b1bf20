import { coursePageHref } from "~/course/course-words";
import {
  BookOpen,
  Brain,
  CheckCircle2,
  GraduationCap,
  MailWarning,
  RefreshCw,
  ShieldCheck,
  Star,
  Users,
} from "lucide-react";
import { Link } from "react-router";
import { pathInLocale } from "~/i18n/locales";
import type { MessageKey } from "~/i18n/messages/en";
import { INTL_LOCALE } from "~/i18n/translate";
import { useT } from "~/i18n/use-translation";
import { STATISTIC_SOURCES, STATISTICS } from "./home-statistics";
import { PlanCards } from "./plan-cards";

const primaryLink = "inline-flex h-12 items-center justify-center rounded-lg px-6 text-lg font-semibold";

export function Hero() {
  const t = useT();
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-7xl px-4 py-20 text-center md:py-28">
        <p className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-1 text-sm font-semibold text-safe-600 ring-1 ring-green-200">
          <ShieldCheck aria-hidden="true" className="h-4 w-4" /> {t("home.badge")}
        </p>
        <h1 className="mx-auto mt-6 max-w-4xl text-4xl font-extrabold tracking-tight text-brand-900 md:text-6xl">
          {t("home.title")}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted md:text-xl">{t("home.lead")}</p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          {/* The Spanish home opens the course's first page in Spanish; the course home is English. */}
          <Link
            to={t.locale === "es" ? coursePageHref(1, "es") : "/course"}
            className={`${primaryLink} bg-brand-700 text-white hover:bg-brand-800`}
          >
            {t("home.startCourse")}
          </Link>
          {/* The newsletter is in English: the Spanish home has no sign-up form to jump to. */}
          {t.locale === "en" && (
            <a
              href="#newsletter"
              className={`${primaryLink} bg-white text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50`}
            >
              {t("home.stayInformed")}
            </a>
          )}
          <Link
            to={pathInLocale("/checkout", t.locale)}
            className={`${primaryLink} bg-safe-600 text-white hover:bg-green-800`}
          >
            {t("home.joinTraining")}
          </Link>
        </div>
        <p className="mx-auto mt-8 max-w-2xl text-base text-ink">
          {t.rich("home.checkPrompt", {
            link: (chunks) => (
              <a
                href={pathInLocale("/check", t.locale)}
                className="font-semibold text-brand-700 underline underline-offset-4"
              >
                {chunks}
              </a>
            ),
          })}
        </p>
      </div>
    </section>
  );
}

const FEATURES: { icon: typeof BookOpen; title: MessageKey; text: MessageKey; badge?: MessageKey }[] = [
  { icon: BookOpen, title: "home.feature.course.title", text: "home.feature.course.text" },
  {
    icon: MailWarning,
    title: "home.feature.training.title",
    badge: "home.feature.training.badge",
    text: "home.feature.training.text",
  },
  { icon: Users, title: "home.feature.community.title", text: "home.feature.community.text" },
  { icon: RefreshCw, title: "home.feature.updates.title", text: "home.feature.updates.text" },
];

export function Features() {
  const t = useT();
  return (
    <section id="features" aria-labelledby="features-title" className="mx-auto max-w-7xl px-4 py-20">
      <h2 id="features-title" className="text-center text-3xl font-bold text-brand-900 md:text-4xl">
        {t("home.featuresTitle")}
      </h2>
      <div className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map(({ icon: Icon, title, text, badge }) => (
          <article key={title} className="relative rounded-2xl border border-slate-200 p-6 shadow-sm">
            {badge && (
              <p className="absolute top-4 right-4 rounded-full bg-safe-600 px-2 py-0.5 text-xs font-bold text-white">
                {t(badge)}
              </p>
            )}
            <Icon aria-hidden="true" className="h-10 w-10 text-brand-700" />
            <h3 className="mt-4 text-lg font-bold text-brand-900">{t(title)}</h3>
            <p className="mt-2 text-muted">{t(text)}</p>
          </article>
        ))}
      </div>
    </section>
  );
}

export function WhyTraining() {
  const t = useT();
  const month = new Intl.DateTimeFormat(INTL_LOCALE[t.locale], { month: "long", year: "numeric", timeZone: "UTC" });
  return (
    <section aria-labelledby="why-title" className="bg-slate-50">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-20 lg:grid-cols-2">
        <div>
          <h2 id="why-title" className="text-3xl font-bold text-brand-900 md:text-4xl">
            {t("home.why.title")}
          </h2>
          <p className="mt-4 text-lg text-muted">{t("home.why.text")}</p>
          <div className="mt-8 space-y-6" role="list" aria-label={t("home.why.listLabel")}>
            <Comparison label={t("home.why.courseOnly")} value={40} tone="bg-brand-200" />
            <Comparison label={t("home.why.withTraining")} value={90} tone="bg-safe-600" />
          </div>
          {/* The specification's figures, with no study behind them: shown as what they are (decision 031). */}
          <p className="mt-3 text-sm text-muted">{t("home.why.illustration")}</p>
        </div>
        <aside aria-labelledby="did-you-know" className="rounded-2xl bg-brand-900 p-6 text-white shadow-lg sm:p-8">
          <h3 id="did-you-know" className="flex items-center gap-2 text-2xl font-bold">
            <Brain aria-hidden="true" className="h-7 w-7" /> {t("home.why.didYouKnow")}
          </h3>
          <ul className="mt-6 space-y-5">
            {STATISTICS.map((stat) => {
              const note = stat.source + 1;
              return (
                <li key={stat.text} className="flex flex-col sm:flex-row sm:items-baseline sm:gap-4">
                  {/* On a phone the figure sits above its words, so the words get the full width. */}
                  <span className="shrink-0 text-2xl font-extrabold text-green-300 sm:min-w-28">
                    {"written" in stat.figure ? stat.figure.written : t(stat.figure.words)}
                  </span>
                  <span className="text-brand-50">
                    {t(stat.text)}
                    <sup className="ml-0.5">
                      <a
                        href={`#statistic-source-${note}`}
                        aria-label={t("home.why.source", { number: note })}
                        className="rounded px-0.5 font-semibold text-white underline focus-visible:outline-white"
                      >
                        {note}
                      </a>
                    </sup>
                  </span>
                </li>
              );
            })}
          </ul>
          {/* Every figure names where it comes from, so a family can check it for themselves. */}
          <h4 id="statistic-sources" className="sr-only">
            {t("home.why.sources")}
          </h4>
          <ol
            aria-labelledby="statistic-sources"
            className="mt-8 list-decimal space-y-2 border-t border-white/20 pt-4 pl-5 text-xs break-words text-brand-100"
          >
            {STATISTIC_SOURCES.map((source, index) => (
              // The sources are published in English: their names stay as published.
              <li key={source.href} id={`statistic-source-${index + 1}`}>
                <span lang="en">{source.publisher}</span>,{" "}
                <a href={source.href} hrefLang="en" lang="en" className="text-white underline">
                  {source.title}
                </a>
                , {month.format(new Date(Date.UTC(source.published.year, source.published.month - 1)))}.
              </li>
            ))}
          </ol>
        </aside>
      </div>
    </section>
  );
}

function Comparison({ label, value, tone }: { label: string; value: number; tone: string }) {
  const t = useT();
  return (
    <div role="listitem">
      <p className="flex justify-between gap-4 font-semibold">
        <span>{label}</span>
        <span className="text-right">{t("home.why.success", { value })}</span>
      </p>
      <div className="mt-2 h-4 rounded-full bg-slate-200" aria-hidden="true">
        <div className={`h-4 rounded-full ${tone}`} style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

const STEPS: { icon: typeof BookOpen; title: MessageKey; text: MessageKey }[] = [
  { icon: GraduationCap, title: "home.how.learn.title", text: "home.how.learn.text" },
  { icon: MailWarning, title: "home.how.join.title", text: "home.how.join.text" },
  { icon: CheckCircle2, title: "home.how.protected.title", text: "home.how.protected.text" },
];

export function HowItWorks() {
  const t = useT();
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="mx-auto max-w-7xl px-4 py-20">
      <h2 id="how-title" className="text-center text-3xl font-bold text-brand-900 md:text-4xl">
        {t("home.how.title")}
      </h2>
      <ol className="mt-12 grid gap-8 md:grid-cols-3">
        {STEPS.map(({ icon: Icon, title, text }, index) => (
          <li key={title} className="text-center">
            <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-700 text-xl font-bold text-white">
              {index + 1}
            </span>
            <Icon aria-hidden="true" className="mx-auto mt-4 h-8 w-8 text-brand-700" />
            <h3 className="mt-3 text-xl font-bold text-brand-900">{t(title)}</h3>
            <p className="mt-2 text-muted">{t(text)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * Illustrative stories, told by the invented families of content/CAST.md, until real members give
 * us their words and their permission. The section says so on the page: the FTC's rule on consumer
 * reviews (16 CFR 465) forbids presenting invented reviews as the experience of real customers.
 */
const TESTIMONIALS: { quote: MessageKey; name: MessageKey; role: MessageKey }[] = [
  {
    quote: "home.testimonials.grace.quote",
    name: "home.testimonials.grace.name",
    role: "home.testimonials.grace.role",
  },
  { quote: "home.testimonials.joe.quote", name: "home.testimonials.joe.name", role: "home.testimonials.joe.role" },
  {
    quote: "home.testimonials.park.quote",
    name: "home.testimonials.park.name",
    role: "home.testimonials.park.role",
  },
];

/**
 * The specification asks for three member testimonials with five stars. We have no members' words
 * yet, so these are examples and say so plainly (home.testimonials.note), stars included: no
 * reader may take them for reviews real people gave (decision 035).
 */
export function Testimonials() {
  const t = useT();
  return (
    <section
      id="testimonials"
      aria-labelledby="testimonials-title"
      aria-describedby="testimonials-note"
      className="bg-brand-50"
    >
      <div className="mx-auto max-w-7xl px-4 py-20">
        <h2 id="testimonials-title" className="text-center text-3xl font-bold text-brand-900 md:text-4xl">
          {t("home.testimonials.title")}
        </h2>
        <p id="testimonials-note" className="mx-auto mt-4 max-w-2xl text-center text-muted">
          {t("home.testimonials.note")}
        </p>
        <div className="mt-12 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((item) => (
            <figure key={item.name} className="flex flex-col rounded-2xl bg-white p-6 shadow-sm">
              <p className="flex gap-1 text-amber-500" role="img" aria-label={t("home.testimonials.rating")}>
                {Array.from({ length: 5 }, (_, i) => (
                  <Star key={i} aria-hidden="true" className="h-5 w-5 fill-current" />
                ))}
              </p>
              <blockquote className="mt-4 flex-1 text-ink">“{t(item.quote)}”</blockquote>
              <figcaption className="mt-4 text-sm">
                {t.rich("home.testimonials.who", {
                  name: t(item.name),
                  role: t(item.role),
                  b: (chunks) => <span className="font-bold">{chunks}</span>,
                  muted: (chunks) => <span className="text-muted">{chunks}</span>,
                })}
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}

export function PricingSection() {
  const t = useT();
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="mx-auto max-w-7xl px-4 py-20">
      <h2 id="pricing-title" className="text-center text-3xl font-bold text-brand-900 md:text-4xl">
        {t("home.pricing.title")}
      </h2>
      <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-muted">{t("home.pricing.lead")}</p>
      <div className="mt-12">
        <PlanCards />
      </div>
    </section>
  );
}
