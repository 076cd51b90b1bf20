import { BookOpen, CalendarClock, ShieldCheck, Users } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/weekly-lessons";
import { getSessionUser } from "~/account/session.server";
import { hasActiveMembership } from "~/billing/subscription.server";
import { getLogger } from "~/config/logger.server";
import { getDatabase } from "~/db/database.server";
import { pageMeta } from "~/seo/meta";
import { Card } from "~/ui/card";
import { listWeeklyLessons } from "~/weekly/weekly-lessons.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Weekly Lessons",
    description: "Weekly cyber-safety lessons for Training Program members and their families.",
    path: "/weekly-lessons",
  });

/**
 * Three views (SPEC.md section 4): signed out, signed in without a subscription, member. The
 * membership check runs here on the server; an error counts as "not subscribed" and is logged.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (!user) return { view: "signed-out" as const };
  let member = false;
  try {
    member = await hasActiveMembership(await getDatabase(), user.id);
  } catch (error) {
    getLogger().error({ err: error }, "subscription check failed; treating as not subscribed");
  }
  if (!member) return { view: "not-subscribed" as const };
  return { view: "member" as const, lessons: listWeeklyLessons() };
}

const FEATURES = [
  { icon: BookOpen, title: "Expert Knowledge", text: "Clear lessons built on advice from the FTC, the FBI, CISA and the UK's NCSC." },
  { icon: CalendarClock, title: "Weekly Updates", text: "A new lesson every week about the tricks scammers are using right now." },
  { icon: Users, title: "Family Protection", text: "Short activities that parents, children and grandparents do together." },
];

const BENEFITS = [
  "Weekly in-depth lessons",
  "Practice scam emails and texts",
  "Current threat awareness updates",
  "Advanced protection strategies",
  "Family-focused safety guidance",
];

const publishedDate = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));

export default function WeeklyLessons({ loaderData }: Route.ComponentProps) {
  if (loaderData.view === "member") {
    return (
      <section className="mx-auto max-w-3xl px-4 py-16">
        <h1 className="text-3xl font-bold text-brand-900">Welcome to Weekly Lessons</h1>
        <p className="mt-3 text-lg text-muted">
          A new lesson arrives every Monday, and the next one will be available soon. Each takes
          about five minutes and ends with a family activity.
        </p>
        <ul className="mt-8 space-y-4">
          {loaderData.lessons.map((lesson) => (
            <li key={lesson.slug}>
              <Card>
                <p className="text-sm text-muted">
                  {publishedDate(lesson.published)} · {lesson.readingMinutes} min read
                </p>
                <h2 className="mt-1 text-xl font-bold">
                  <Link to={`/weekly-lessons/${lesson.slug}`} className="text-brand-800 hover:underline">
                    {lesson.title}
                  </Link>
                </h2>
                <p className="mt-2 text-muted">{lesson.summary}</p>
              </Card>
            </li>
          ))}
        </ul>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-5xl px-4 py-16">
      <h1 className="text-center text-3xl font-bold text-brand-900">Weekly Cyber Security Lessons</h1>
      <p className="mx-auto mt-3 max-w-2xl text-center text-lg text-muted">
        Weekly lessons are part of the Training Program. They keep your whole family one step ahead
        of the newest scams.
      </p>
      <div className="mt-10 grid gap-6 md:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <Card key={title}>
            <Icon aria-hidden="true" className="h-8 w-8 text-brand-700" />
            <h2 className="mt-3 text-lg font-bold">{title}</h2>
            <p className="mt-2 text-muted">{text}</p>
          </Card>
        ))}
      </div>
      <Card className="mx-auto mt-10 max-w-2xl">
        <h2 className="text-xl font-bold text-brand-900">What members get</h2>
        <ul className="mt-4 space-y-2">
          {BENEFITS.map((benefit) => (
            <li key={benefit} className="flex items-center gap-2">
              <ShieldCheck aria-hidden="true" className="h-5 w-5 flex-none text-safe-600" />
              {benefit}
            </li>
          ))}
        </ul>
        <Link
          to="/pricing"
          className="mt-6 inline-flex h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
        >
          Join Training Program
        </Link>
        {loaderData.view === "signed-out" && (
          <p className="mt-4">
            <Link to="/auth?returnTo=%2Fweekly-lessons" className="font-semibold text-brand-700 underline">
              Already a member? Sign in here
            </Link>
          </p>
        )}
      </Card>
    </section>
  );
}
