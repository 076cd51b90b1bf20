import { NavLink } from "react-router";
import { cn } from "~/ui/cn";

const LINKS = [
  { to: "/staff", label: "Overview" },
  { to: "/staff/comments", label: "Comments" },
  { to: "/staff/support", label: "Support inbox" },
  { to: "/staff/subscribers", label: "Subscribers" },
  { to: "/staff/program", label: "Program health" },
];

/** The staff console's own navigation, above each staff page. */
export function StaffFrame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Staff console</p>
      <h1 className="mt-1 text-3xl font-bold text-brand-900">{title}</h1>
      <nav aria-label="Staff" className="mt-6 border-b border-slate-200">
        <ul className="flex flex-wrap gap-1">
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end
                className={({ isActive }) =>
                  cn(
                    "inline-block rounded-t-md px-4 py-2 text-sm font-semibold",
                    isActive
                      ? "bg-brand-50 text-brand-900 underline decoration-2 underline-offset-8"
                      : "text-muted hover:text-brand-800",
                  )
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-8">{children}</div>
    </section>
  );
}

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** Dates in staff lists: the same on the server and in the browser (UTC). */
export function formatStaffDate(iso: string | null | undefined) {
  return iso ? `${dateTime.format(new Date(iso))} UTC` : "N/A";
}
