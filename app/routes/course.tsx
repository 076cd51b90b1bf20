import { BookOpen, Clock, GraduationCap, Sparkles } from "lucide-react";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/course";
import { getSessionUser } from "~/account/session.server";
import { CATALOGUE, COURSE_ID, coursePagePath } from "~/course/course-map";
import { getCourseProgress } from "~/course/progress.server";
import { getDatabase } from "~/db/database.server";
import { pageMeta } from "~/seo/meta";
import { loadAsWholePage, noScriptsHandle } from "~/layout/page-scripts";
import { COURSE_TRACK_AGES, COURSE_TRACK_LABELS } from "~/course/tracks/course-tracks";
import { readTrackChoice, saveTrack, savedTrack, trackInAddress } from "~/course/tracks/track-choice.server";
import { withTrack } from "~/course/tracks/track-form";
import { TrackPicker } from "~/course/tracks/track-picker";

// A list of links to read: no script in the browser, signed in or not (decision 037).
export const handle = noScriptsHandle;
export const clientLoader = loadAsWholePage;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Free Cybersecurity Courses",
    description:
      "How to be scam-free: a free 46-page course in 11 lessons, with a track for kids, teens, adults and older adults.",
    path: args.data ? withTrack("/course", args.data.track) : "/course",
    canonical: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const db = await getDatabase();
  const inAddress = trackInAddress(new URL(request.url));
  if (inAddress === "unknown") throw data("No such track", { status: 404 });
  const progress = user ? await getCourseProgress(db, user.id, COURSE_ID) : null;
  const track = inAddress === "none" ? await savedTrack(db, request, user?.id ?? null) : inAddress;
  return { signedIn: Boolean(user), progress, track };
}

/** "Reading as": kept in the account when signed in, and in a cookie for everyone. */
export async function action({ request }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  const track = await readTrackChoice(request);
  const cookie = await saveTrack(await getDatabase(), user?.id ?? null, track);
  throw redirect(withTrack("/course", track), { status: 303, headers: { "Set-Cookie": cookie } });
}

export default function Catalogue({ loaderData }: Route.ComponentProps) {
  const { progress, track } = loaderData;
  const course = CATALOGUE[0];
  return (
    <section className="mx-auto max-w-5xl px-4 py-16">
      <h1 className="text-4xl font-extrabold text-brand-900">Free Cybersecurity Courses</h1>
      <p className="mt-3 max-w-2xl text-lg text-muted">
        Short, friendly lessons for the whole family. Create a free account to start reading and keep track of where you
        are.
      </p>
      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <article
          aria-labelledby="course-card-title"
          className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <div className="flex h-32 items-center justify-center rounded-xl bg-gradient-to-br from-brand-700 to-brand-900 text-white">
            <GraduationCap aria-hidden="true" className="h-14 w-14" />
          </div>
          <h2 id="course-card-title" className="mt-5 text-2xl font-bold text-brand-900">
            {course.title}
          </h2>
          <p className="mt-2 flex-1 text-muted">{course.description}</p>
          <TrackPicker current={track} className="mt-4" />
          <p className="mt-2 text-sm text-muted" data-testid="track-hint">
            {COURSE_TRACK_LABELS[track]} ({COURSE_TRACK_AGES[track]}): the same lessons, with examples, activities and
            self-checks for this age. Every track is free.
          </p>
          <ul className="mt-4 flex flex-wrap gap-4 text-sm font-medium">
            <li className="flex items-center gap-1">
              <Clock aria-hidden="true" className="h-4 w-4" /> {course.duration}
            </li>
            <li className="flex items-center gap-1">
              <Sparkles aria-hidden="true" className="h-4 w-4" /> {course.level}
            </li>
            <li className="flex items-center gap-1">
              <BookOpen aria-hidden="true" className="h-4 w-4" /> {course.totalPages} pages
            </li>
          </ul>
          {progress && progress.viewedPages.length > 0 && (
            <div className="mt-5">
              <p className="text-sm font-semibold">
                {progress.percent}% read · {progress.completedLessons.length} of 11 lessons completed
              </p>
              <div
                role="progressbar"
                aria-label="Course progress"
                aria-valuenow={progress.percent}
                aria-valuemin={0}
                aria-valuemax={100}
                className="mt-1 h-2 rounded-full bg-slate-200"
              >
                <div className="h-2 rounded-full bg-safe-600" style={{ width: `${progress.percent}%` }} />
              </div>
            </div>
          )}
          <div className="mt-6 flex flex-wrap gap-3">
            <Link
              to={withTrack(coursePagePath(1), track)}
              className="inline-flex h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
            >
              Start Course
            </Link>
            {progress?.lastPage && (
              <Link
                to={withTrack(coursePagePath(progress.lastPage), track)}
                className="inline-flex h-11 items-center rounded-lg px-5 font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50"
              >
                Continue where you left off
              </Link>
            )}
          </div>
        </article>
        <aside
          aria-labelledby="coming-soon"
          className="flex flex-col justify-center rounded-2xl border-2 border-dashed border-brand-200 bg-brand-50 p-8 text-center"
        >
          <h2 id="coming-soon" className="text-2xl font-bold text-brand-900">
            More Courses Coming Soon!
          </h2>
          <p className="mt-3 text-muted">
            We are writing courses on safe online shopping and protecting older relatives. Join the newsletter on the
            home page to hear when they are ready.
          </p>
        </aside>
      </div>
    </section>
  );
}
