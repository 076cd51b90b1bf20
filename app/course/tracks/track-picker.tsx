import { useT } from "~/i18n/use-translation";
import { cn } from "~/ui/cn";
import { courseTrackAges, courseTrackLabel } from "../course-words";
import { COURSE_TRACKS, type CourseTrack } from "./course-tracks";

/**
 * "Reading as: Kids · Teens · Adults · Older adults". A plain form of four buttons, posted to the
 * page it is on (the course pages ship no React): the page keeps the choice and opens itself in
 * that track, at its own shareable address. The pressed button is the current track.
 */
export function TrackPicker({ current, className }: { current: CourseTrack; className?: string }) {
  const t = useT();
  return (
    <form method="post" className={cn("no-print", className)} data-testid="track-picker">
      <input type="hidden" name="intent" value="track" />
      <fieldset className="flex flex-wrap items-center gap-x-1 gap-y-2 text-sm">
        <legend className="float-left mr-2 font-semibold text-ink">{t("course.readingAs")}</legend>
        {COURSE_TRACKS.map((track, index) => (
          <span key={track} className="inline-flex items-center gap-1">
            {index > 0 && (
              <span aria-hidden="true" className="text-muted">
                ·
              </span>
            )}
            <button
              type="submit"
              name="track"
              value={track}
              aria-pressed={track === current}
              title={t("course.trackTitle", { label: courseTrackLabel(t, track), ages: courseTrackAges(t, track) })}
              className={cn(
                "min-h-9 rounded-full px-3 font-medium ring-1",
                track === current
                  ? "bg-brand-700 font-bold text-white ring-brand-700"
                  : "text-brand-800 ring-brand-200 hover:bg-brand-50",
              )}
            >
              {/* The current track is marked by more than its colour: a check and bold type. */}
              {track === current && (
                <span aria-hidden="true" className="mr-1">
                  ✓
                </span>
              )}
              {courseTrackLabel(t, track)}
            </button>
          </span>
        ))}
      </fieldset>
    </form>
  );
}
