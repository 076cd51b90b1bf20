import { Mail, ShieldCheck } from "lucide-react";
import { Link } from "react-router";

const QUICK_LINKS = [
  { to: "/", label: "Home" },
  { to: "/pricing", label: "Training Program" },
  { to: "/course", label: "Free Course" },
  { to: "/weekly-lessons", label: "Weekly Lessons" },
];

const RESOURCES = [
  { to: "/community", label: "Community Forum" },
  { to: "/support", label: "Support" },
  { href: "https://reportfraud.ftc.gov/", label: "Report fraud to the FTC" },
  { href: "https://www.ic3.gov/", label: "FBI Internet Crime Complaint Center" },
];

/** We have no social accounts to point at; these let a visitor share the site with family. */
function shareLinks(siteUrl: string) {
  const url = encodeURIComponent(siteUrl);
  const text = encodeURIComponent("Free family course on spotting online scams");
  return [
    { href: `https://www.facebook.com/sharer/sharer.php?u=${url}`, label: "Share on Facebook" },
    { href: `https://x.com/intent/post?url=${url}&text=${text}`, label: "Share on X" },
    { href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}`, label: "Share on LinkedIn" },
    { href: `mailto:?subject=${text}&body=${url}`, label: "Share by email" },
  ];
}

export function SiteFooter({ supportEmail, siteUrl }: { supportEmail: string; siteUrl: string }) {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-auto bg-brand-900 text-brand-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-4">
        <div>
          <p className="flex items-center gap-2 text-lg font-extrabold text-white">
            <ShieldCheck aria-hidden="true" className="h-6 w-6" /> scam-free
          </p>
          <p className="mt-3 text-sm text-brand-100">
            Helping parents, children and grandparents recognize and avoid online scams.
          </p>
          <ul aria-label="Share scam-free" className="mt-4 flex flex-col gap-1 text-sm">
            {shareLinks(siteUrl).map((link) => (
              <li key={link.label}>
                <a
                  href={link.href}
                  className="text-brand-100 underline-offset-2 hover:text-white hover:underline"
                  rel="noopener noreferrer"
                  target="_blank"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Quick Links">
          <h2 className="text-sm font-bold tracking-wide text-white uppercase">Quick Links</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-brand-100 hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Resources">
          <h2 className="text-sm font-bold tracking-wide text-white uppercase">Resources</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {RESOURCES.map((link) => (
              <li key={link.label}>
                {"to" in link && link.to ? (
                  <Link to={link.to} className="text-brand-100 hover:text-white hover:underline">
                    {link.label}
                  </Link>
                ) : (
                  <a
                    href={link.href}
                    className="text-brand-100 hover:text-white hover:underline"
                    rel="noopener noreferrer"
                  >
                    {link.label}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-bold tracking-wide text-white uppercase">Contact</h2>
          <a
            href={`mailto:${supportEmail}`}
            className="mt-3 inline-flex items-center gap-2 text-sm text-brand-100 hover:text-white hover:underline"
          >
            <Mail aria-hidden="true" className="h-4 w-4" /> {supportEmail}
          </a>
          <p className="mt-2 text-sm text-brand-100">We reply within 24 business hours.</p>
        </div>
      </div>
      <div className="border-t border-brand-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm text-brand-100 md:flex-row md:items-center md:justify-between">
          <p>© {year} scam-free. All rights reserved.</p>
          <ul className="flex gap-4">
            <li>
              <Link to="/privacy" className="hover:text-white hover:underline">
                Privacy
              </Link>
            </li>
            <li>
              <Link to="/terms" className="hover:text-white hover:underline">
                Terms
              </Link>
            </li>
            <li>
              <Link to="/cookies" className="hover:text-white hover:underline">
                Cookie Policy
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
