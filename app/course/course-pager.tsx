import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/ui/cn";
import { coursePagePath, pagerWindow, TOTAL_PAGES } from "./course-map";

/** Real links, so the URL is the state and back/forward work. */
export function CoursePager({ page }: { page: number }) {
  const linkClass = "inline-flex h-10 min-w-10 items-center justify-center rounded-lg px-3 font-semibold";
  return (
    <nav aria-label="Pages" className="no-print mt-10 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-6">
      {page > 1 ? (
        <Link to={coursePagePath(page - 1)} rel="prev" className={cn(linkClass, "text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50")}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4" /> Previous
        </Link>
      ) : (
        <span />
      )}
      <ol className="flex gap-1">
        {pagerWindow(page).map((number) => (
          <li key={number}>
            <Link
              to={coursePagePath(number)}
              aria-current={number === page ? "page" : undefined}
              aria-label={`Page ${number}`}
              className={cn(linkClass, number === page ? "bg-brand-700 text-white" : "text-brand-800 hover:bg-brand-50")}
            >
              {number}
            </Link>
          </li>
        ))}
      </ol>
      {page < TOTAL_PAGES ? (
        <Link to={coursePagePath(page + 1)} rel="next" className={cn(linkClass, "bg-brand-700 text-white hover:bg-brand-800")}>
          Next <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
