import { BookOpen, CalendarClock, Flag, ShieldCheck, Users } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/weekly-lessons";
import { getSessionUser } from "~/account/session.server";
import { findMemberAccess, memberIdentity } from "~/billing/membership.server";
import { getLogger } from "~/config/logger.server";
import { getDatabase } from "~/db/database.server";
import { ScamUpdatesSection } from "~/scam-updates/scam-updates-section";
import { listScamUpdates } from "~/scam-updates/scam-updates.server";
import { pageMeta } from "~/seo/meta";
import { Card } from "~/ui/card";
import { formatLessonDay } from "~/weekly/lesson-days";
import { memberLessonsView } from "~/weekly/member-lessons-view.server";

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
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser({ request, context });
  if (!user) return { view: "signed-out" as const };
  const db = await getDatabase();
  let access = null;
  try {
    access = await findMemberAccess(db, memberIdentity(user));
  } catch (error) {
    getLogger().error({ err: error }, "subscription check failed; treating as not subscribed");
  }
  if (!access) return { view: "not-subscribed" as const };
  return { view: "member" as const, ...(await memberLessonsView(db, access, user.email)), updates: listScamUpdates() };
}

const FEATURES = [
  {
    icon: BookOpen,
    title: "Expert Knowledge",
    text: "Clear lessons built on advice from the FTC, the FBI, CISA and the UK's NCSC.",
  },
  { icon: CalendarClock, title: "Weekly Updates", text: "New lessons about the tricks scammers are using right now." },
  {
    icon: Users,
    title: "Family Protection",
    text: "Short activities that parents, children and grandparents do together.",
  },
];

const BENEFITS = [
  "Weekly in-depth lessons",
  "Practice scam emails and texts",
  "Current threat awareness updates",
  "Advanced protection strategies",
  "Family-focused safety guidance",
];

export default function WeeklyLessons({ loaderData }: Route.ComponentProps) {
  if (loaderData.view === "member") return <MemberLessons {...loaderData} />;
  return (
    <section className="mx-auto max-w-5xl px-4 py-16">
      <h1 className="text-center text-3xl font-bold text-brand-900">Weekly Cyber Security Lessons</h1>
      <p className="mx-auto mt-3 max-w-2xl text-center text-lg text-muted">
        Weekly lessons are part of the Training Program. They keep your whole family one step ahead of the newest scams.
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

function MemberLessons({
  thisWeek,
  earlier,
  next,
  updates,
}: Extract<Route.ComponentProps["loaderData"], { view: "member" }>) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold text-brand-900">Welcome to Weekly Lessons</h1>
      <p className="mt-3 text-lg text-muted">
        A new lesson opens for you every week. Each one has a part for adults, a part for children and one for teens, a
        question to talk about together and a 10-minute family activity.
      </p>

      {thisWeek && (
        <Card className="mt-8 border-2 border-brand-200">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">This week's lesson</p>
          <h2 className="mt-1 text-2xl font-bold">
            <Link to={`/weekly-lessons/${thisWeek.slug}`} className="text-brand-800 hover:underline">
              {thisWeek.title}
            </Link>
          </h2>
          <p className="mt-2">{thisWeek.summary}</p>
          <p className="mt-2 text-sm text-muted">
            {thisWeek.readingMinutes} min read for adults, then the family parts
          </p>
        </Card>
      )}

      {next && (
        <p className="mt-4 flex items-start gap-2 text-muted" data-testid="next-lesson">
          <CalendarClock aria-hidden="true" className="mt-0.5 h-5 w-5 flex-none text-brand-700" />
          <span>
            Next lesson: <strong className="text-slate-900">{next.title}</strong>, opens on{" "}
            {formatLessonDay(next.opensOn)}.
          </span>
        </p>
      )}

      <Card className="mt-8">
        <h2 className="flex items-center gap-2 text-xl font-bold text-brand-900">
          <Flag aria-hidden="true" className="h-6 w-6 text-danger-600" /> Spot the red flags
        </h2>
        <p className="mt-2">
          Practise on a realistic scam message: mark the parts that look wrong, then check what you found and what you
          missed. The messages get harder as you improve.
        </p>
        <Link
          to="/weekly-lessons/practice"
          className="mt-4 inline-flex h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
        >
          Start practising
        </Link>
      </Card>

      {earlier.length > 0 && (
        <>
          <h2 className="mt-10 text-2xl font-bold text-brand-900">Your earlier lessons</h2>
          <ul className="mt-4 space-y-4">
            {earlier.map((lesson) => (
              <li key={lesson.slug}>
                <Card>
                  <p className="text-sm text-muted">
                    Opened {formatLessonDay(lesson.opensOn)} · {lesson.readingMinutes} min read
                  </p>
                  <h3 className="mt-1 text-xl font-bold">
                    <Link to={`/weekly-lessons/${lesson.slug}`} className="text-brand-800 hover:underline">
                      {lesson.title}
                    </Link>
                  </h3>
                  <p className="mt-2 text-muted">{lesson.summary}</p>
                </Card>
              </li>
            ))}
          </ul>
        </>
      )}

      <ScamUpdatesSection updates={updates} />
    </section>
  );
}
