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
import { STATISTIC_SOURCES, STATISTICS } from "./home-statistics";
import { PlanCards } from "./plan-cards";

const primaryLink = "inline-flex h-12 items-center justify-center rounded-lg px-6 text-lg font-semibold";

export function Hero() {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-7xl px-4 py-20 text-center md:py-28">
        <p className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-1 text-sm font-semibold text-safe-600 ring-1 ring-green-200">
          <ShieldCheck aria-hidden="true" className="h-4 w-4" /> Scam safety for the whole family
        </p>
        <h1 className="mx-auto mt-6 max-w-4xl text-4xl font-extrabold tracking-tight text-brand-900 md:text-6xl">
          Stay Safe in the Digital World
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted md:text-xl">
          Learn how online scams work and how to stop them, together. A free course for parents, children and
          grandparents, and a Training Program that lets you practice on safe, realistic scam emails and texts.
        </p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/course" className={`${primaryLink} bg-brand-700 text-white hover:bg-brand-800`}>
            Start FREE Course
          </Link>
          <a
            href="#newsletter"
            className={`${primaryLink} bg-white text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50`}
          >
            Stay Informed
          </a>
          <Link to="/checkout" className={`${primaryLink} bg-safe-600 text-white hover:bg-green-800`}>
            Join Training Program
          </Link>
        </div>
        <p className="mx-auto mt-8 max-w-2xl text-base text-ink">
          Got a text or an email that worries you?{" "}
          <a href="/check" className="font-semibold text-brand-700 underline underline-offset-4">
            Is this a scam? Check it here
          </a>
          : we explain the warning signs in it, and nothing you paste is stored.
        </p>
      </div>
    </section>
  );
}

const FEATURES = [
  {
    icon: BookOpen,
    title: "Free Comprehensive Course",
    text: "43 short pages in 11 lessons: scam history, how scammers think, the most common scams, screen time, passwords and what to do if it happens to you.",
  },
  {
    icon: MailWarning,
    title: "Complete Training Program",
    badge: "TRAINING",
    text: "Safe practice scam emails and texts sent to each family member, then a page showing exactly which red flags were there and which were missed.",
  },
  {
    icon: Users,
    title: "Community Support",
    text: "A friendly forum where families share what they have seen and how they handled it, plus a support team that answers within 24 business hours.",
  },
  {
    icon: RefreshCw,
    title: "Up-to-date Protection",
    text: "Scammers change their tricks all the time. Weekly lessons and scam updates keep what you know current.",
  },
];

export function Features() {
  return (
    <section id="features" aria-labelledby="features-title" className="mx-auto max-w-7xl px-4 py-20">
      <h2 id="features-title" className="text-center text-3xl font-bold text-brand-900 md:text-4xl">
        Everything your family needs to stay scam-free
      </h2>
      <div className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map(({ icon: Icon, title, text, badge }) => (
          <article key={title} className="relative rounded-2xl border border-slate-200 p-6 shadow-sm">
            {badge && (
              <p className="absolute top-4 right-4 rounded-full bg-safe-600 px-2 py-0.5 text-xs font-bold text-white">
                {badge}
              </p>
            )}
            <Icon aria-hidden="true" className="h-10 w-10 text-brand-700" />
            <h3 className="mt-4 text-lg font-bold text-brand-900">{title}</h3>
            <p className="mt-2 text-muted">{text}</p>
          </article>
        ))}
      </div>
    </section>
  );
}

export function WhyTraining() {
  return (
    <section aria-labelledby="why-title" className="bg-slate-50">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-20 lg:grid-cols-2">
        <div>
          <h2 id="why-title" className="text-3xl font-bold text-brand-900 md:text-4xl">
            Why training is essential
          </h2>
          <p className="mt-4 text-lg text-muted">
            Reading about scams is a great start. But the moment a convincing message lands in your inbox, it is
            practice that makes you pause. That is why we pair the free course with safe, realistic practice.
          </p>
          <div className="mt-8 space-y-6" role="list" aria-label="Protection success">
            <Comparison label="Free course only" value={40} tone="bg-brand-200" />
            <Comparison label="With the Training Program" value={90} tone="bg-safe-600" />
          </div>
          {/* The specification's figures, with no study behind them: shown as what they are (decision 031). */}
          <p className="mt-3 text-sm text-muted">
            An illustration, not a measured result: no study has yet compared families who take the free course alone
            with families who also practice.
          </p>
        </div>
        <aside aria-labelledby="did-you-know" className="rounded-2xl bg-brand-900 p-6 text-white shadow-lg sm:p-8">
          <h3 id="did-you-know" className="flex items-center gap-2 text-2xl font-bold">
            <Brain aria-hidden="true" className="h-7 w-7" /> Did you know?
          </h3>
          <ul className="mt-6 space-y-5">
            {STATISTICS.map((stat) => {
              const note = stat.source + 1;
              return (
                <li key={stat.text} className="flex flex-col sm:flex-row sm:items-baseline sm:gap-4">
                  {/* On a phone the figure sits above its words, so the words get the full width. */}
                  <span className="shrink-0 text-2xl font-extrabold text-green-300 sm:min-w-28">{stat.figure}</span>
                  <span className="text-brand-50">
                    {stat.text}
                    <sup className="ml-0.5">
                      <a
                        href={`#statistic-source-${note}`}
                        aria-label={`Source ${note}`}
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
            Sources
          </h4>
          <ol
            aria-labelledby="statistic-sources"
            className="mt-8 list-decimal space-y-2 border-t border-white/20 pt-4 pl-5 text-xs break-words text-brand-100"
          >
            {STATISTIC_SOURCES.map((source, index) => (
              <li key={source.href} id={`statistic-source-${index + 1}`}>
                {source.publisher},{" "}
                <a href={source.href} className="text-white underline">
                  {source.title}
                </a>
                , {source.published}.
              </li>
            ))}
          </ol>
        </aside>
      </div>
    </section>
  );
}

function Comparison({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <div role="listitem">
      <p className="flex justify-between font-semibold">
        <span>{label}</span>
        <span>{value}% protection success</span>
      </p>
      <div className="mt-2 h-4 rounded-full bg-slate-200" aria-hidden="true">
        <div className={`h-4 rounded-full ${tone}`} style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

const STEPS = [
  {
    icon: GraduationCap,
    title: "Learn the Basics",
    text: "Read the free course together, a page a day. Each lesson ends with a quick self-check.",
  },
  {
    icon: MailWarning,
    title: "Join Our Training Program",
    text: "We send safe practice scam emails and texts to each family member who agreed to take part.",
  },
  {
    icon: CheckCircle2,
    title: "Stay Protected",
    text: "See which red flags you caught and which you missed, and keep your skills sharp with weekly lessons.",
  },
];

export function HowItWorks() {
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="mx-auto max-w-7xl px-4 py-20">
      <h2 id="how-title" className="text-center text-3xl font-bold text-brand-900 md:text-4xl">
        How it works
      </h2>
      <ol className="mt-12 grid gap-8 md:grid-cols-3">
        {STEPS.map(({ icon: Icon, title, text }, index) => (
          <li key={title} className="text-center">
            <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-700 text-xl font-bold text-white">
              {index + 1}
            </span>
            <Icon aria-hidden="true" className="mx-auto mt-4 h-8 w-8 text-brand-700" />
            <h3 className="mt-3 text-xl font-bold text-brand-900">{title}</h3>
            <p className="mt-2 text-muted">{text}</p>
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
const TESTIMONIALS = [
  {
    quote:
      "My son got a message promising free game coins. It looked just like a practice message he had spotted the week before, so he came straight to me instead of clicking.",
    name: "Grace Okafor",
    role: "mother of two",
  },
  {
    quote:
      "I nearly fell for a call from someone pretending to be my grandson. Now our family has a code word, and after a few practice texts I feel much more sure of myself.",
    name: "Grandpa Joe",
    role: "grandfather",
  },
  {
    quote:
      "The practice emails are so realistic. The first week we missed two red flags; now we all spot them and compare notes at dinner.",
    name: "The Park family",
    role: "parents of two",
  },
];

/**
 * The specification asks for three member testimonials with five stars. We have no members' words
 * yet, so these are examples and say so plainly, stars included: no reader may take them for
 * reviews real people gave (decision 035).
 */
const TESTIMONIALS_NOTE =
  "These are examples, not real reviews: made-up families showing how the Training Program is used, and the stars are part of the example. We will replace them with real members' words, with their permission.";

export function Testimonials() {
  return (
    <section
      id="testimonials"
      aria-labelledby="testimonials-title"
      aria-describedby="testimonials-note"
      className="bg-brand-50"
    >
      <div className="mx-auto max-w-7xl px-4 py-20">
        <h2 id="testimonials-title" className="text-center text-3xl font-bold text-brand-900 md:text-4xl">
          How the Training Program helps families
        </h2>
        <p id="testimonials-note" className="mx-auto mt-4 max-w-2xl text-center text-muted">
          {TESTIMONIALS_NOTE}
        </p>
        <div className="mt-12 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((item) => (
            <figure key={item.name} className="flex flex-col rounded-2xl bg-white p-6 shadow-sm">
              <p className="flex gap-1 text-amber-500" role="img" aria-label="Example rating: 5 out of 5 stars">
                {Array.from({ length: 5 }, (_, i) => (
                  <Star key={i} aria-hidden="true" className="h-5 w-5 fill-current" />
                ))}
              </p>
              <blockquote className="mt-4 flex-1 text-ink">“{item.quote}”</blockquote>
              <figcaption className="mt-4 text-sm">
                <span className="font-bold">{item.name}</span>
                <span className="text-muted">, {item.role} (example, not a real member)</span>
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}

export function PricingSection() {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="mx-auto max-w-7xl px-4 py-20">
      <h2 id="pricing-title" className="text-center text-3xl font-bold text-brand-900 md:text-4xl">
        Choose Your Training Program
      </h2>
      <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-muted">
        Start free. Add practice when you are ready. Cancel any time.
      </p>
      <div className="mt-12">
        <PlanCards />
      </div>
    </section>
  );
}
