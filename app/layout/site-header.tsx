import { Menu, ShieldCheck, X } from "lucide-react";
import { useId, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { cn } from "~/ui/cn";

interface NavItem {
  to: string;
  label: string;
}

const MAIN_LINKS: NavItem[] = [
  { to: "/", label: "Home" },
  { to: "/pricing", label: "Training" },
  { to: "/course", label: "Free Course" },
  { to: "/weekly-lessons", label: "Weekly Lessons" },
  { to: "/community", label: "Community Forum" },
  { to: "/support", label: "Support" },
];

function linksFor(signedIn: boolean): { main: NavItem[]; account: NavItem[] } {
  return {
    main: signedIn ? [...MAIN_LINKS, { to: "/account", label: "My Account" }] : MAIN_LINKS,
    account: signedIn ? [] : [{ to: "/auth", label: "Sign In" }],
  };
}

export function SiteHeader({ signedIn }: { signedIn: boolean }) {
  const location = useLocation();
  // The mobile menu is open for the page it was opened on: a new page closes it.
  const [openOnPath, setOpenOnPath] = useState<string | null>(null);
  const open = openOnPath === location.pathname;
  const setOpen = (next: boolean | ((was: boolean) => boolean)) =>
    setOpenOnPath((path) => {
      const value = typeof next === "function" ? next(path === location.pathname) : next;
      return value ? location.pathname : null;
    });
  const menuId = useId();
  const { main, account } = linksFor(signedIn);

  const scrollHomeToTop = (to: string) => {
    if (to === "/" && location.pathname === "/") window.scrollTo({ top: 0 });
  };

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      "rounded-md px-3 py-2 text-sm font-medium text-ink hover:bg-brand-50 hover:text-brand-800",
      isActive && "text-brand-800 underline decoration-2 underline-offset-8",
    );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <Link
          to="/"
          onClick={() => scrollHomeToTop("/")}
          className="flex items-center gap-2 text-lg font-extrabold text-brand-800"
        >
          <ShieldCheck aria-hidden="true" className="h-7 w-7 text-safe-600" />
          scam-free
        </Link>
        <ul className="ml-auto hidden items-center gap-1 md:flex">
          {main.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end className={linkClass} onClick={() => scrollHomeToTop(item.to)}>
                {item.label}
              </NavLink>
            </li>
          ))}
          {account.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={linkClass}>
                {item.label}
              </NavLink>
            </li>
          ))}
          {!signedIn && (
            <li>
              <Link
                to="/checkout"
                className="ml-2 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
              >
                Get Started
              </Link>
            </li>
          )}
        </ul>
        <button
          type="button"
          className="ml-auto inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 md:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X aria-hidden="true" className="h-5 w-5" /> : <Menu aria-hidden="true" className="h-5 w-5" />}
          Menu
        </button>
      </nav>
      <div id={menuId} hidden={!open} className="border-t border-slate-200 bg-white md:hidden">
        <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">
          {[...main, ...account].map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end
                className={({ isActive }) =>
                  cn(
                    "block rounded-md px-3 py-3 text-base font-medium hover:bg-brand-50",
                    isActive && "bg-brand-50 text-brand-800",
                  )
                }
                onClick={() => scrollHomeToTop(item.to)}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
          {!signedIn && (
            <li>
              <Link
                to="/checkout"
                className="mt-2 block rounded-lg bg-brand-700 px-3 py-3 text-center text-base font-semibold text-white"
              >
                Get Started
              </Link>
            </li>
          )}
        </ul>
      </div>
    </header>
  );
}
