import { Mail, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { LanguageSwitch } from "./language-switch";
import { pathInLocale, spanishPathOf } from "~/i18n/locales";
import type { MessageKey } from "~/i18n/messages/en";
import type { Translate } from "~/i18n/translate";
import { useT } from "~/i18n/use-translation";

const QUICK_LINKS: { to: string; label: MessageKey }[] = [
  { to: "/", label: "nav.home" },
  { to: "/pricing", label: "footer.trainingProgram" },
  { to: "/course", label: "nav.freeCourse" },
  { to: "/weekly-lessons", label: "nav.weeklyLessons" },
];

const RESOURCES: ({ to: string; label: MessageKey } | { href: string; label: MessageKey })[] = [
  { to: "/community", label: "nav.community" },
  { to: "/support", label: "nav.support" },
  { href: "https://reportfraud.ftc.gov/", label: "footer.reportFtc" },
  { href: "https://www.ic3.gov/", label: "footer.ic3" },
];

/** The FTC's report site in the page's language. */
function externalHref(href: string, t: Translate) {
  return t.locale === "es" && href === "https://reportfraud.ftc.gov/" ? "https://reportefraude.ftc.gov/" : href;
}

/** A site link in the page's language; on a Spanish page an English-only page says so. */
function siteLink(to: string, label: MessageKey, t: Translate) {
  const english = t.locale === "es" && spanishPathOf(to) === null;
  return {
    to: pathInLocale(to, t.locale),
    text: english ? t("nav.inEnglish", { label: t(label) }) : t(label),
    ...(english ? { hrefLang: "en" } : {}),
  };
}

function SiteLink({ to, label, className }: { to: string; label: MessageKey; className: string }) {
  const t = useT();
  const { to: href, text, ...lang } = siteLink(to, label, t);
  return (
    <Link to={href} {...lang} className={className}>
      {text}
    </Link>
  );
}

/** We have no social accounts to point at; these let a visitor share the site with family. */
function shareLinks(siteUrl: string, t: Translate) {
  const url = encodeURIComponent(siteUrl);
  const text = encodeURIComponent(t("footer.shareText"));
  return [
    { href: `https://www.facebook.com/sharer/sharer.php?u=${url}`, label: t("footer.shareFacebook") },
    { href: `https://x.com/intent/post?url=${url}&text=${text}`, label: t("footer.shareX") },
    { href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}`, label: t("footer.shareLinkedIn") },
    { href: `mailto:?subject=${text}&body=${url}`, label: t("footer.shareEmail") },
  ];
}

export function SiteFooter({ supportEmail, siteUrl }: { supportEmail: string; siteUrl: string }) {
  const t = useT();
  const year = new Date().getFullYear();
  return (
    <footer className="mt-auto bg-brand-900 text-brand-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-4">
        <div>
          <p className="flex items-center gap-2 text-lg font-extrabold text-white">
            <ShieldCheck aria-hidden="true" className="h-6 w-6" /> scam-free
          </p>
          <p className="mt-3 text-sm text-brand-100">{t("footer.tagline")}</p>
          <ul aria-label={t("footer.shareLabel")} className="mt-4 flex flex-col gap-1 text-sm">
            {shareLinks(siteUrl, t).map((link) => (
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
        <nav aria-label={t("footer.quickLinks")}>
          <h2 className="text-sm font-bold tracking-wide text-white uppercase">{t("footer.quickLinks")}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <SiteLink to={link.to} label={link.label} className="text-brand-100 hover:text-white hover:underline" />
              </li>
            ))}
            <li>
              <LanguageSwitch className="font-semibold text-white underline underline-offset-2" />
            </li>
          </ul>
        </nav>
        <nav aria-label={t("footer.resources")}>
          <h2 className="text-sm font-bold tracking-wide text-white uppercase">{t("footer.resources")}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {RESOURCES.map((link) => {
              if ("to" in link) {
                return (
                  <li key={link.label}>
                    <SiteLink
                      to={link.to}
                      label={link.label}
                      className="text-brand-100 hover:text-white hover:underline"
                    />
                  </li>
                );
              }
              return (
                <li key={link.label}>
                  <a
                    href={externalHref(link.href, t)}
                    className="text-brand-100 hover:text-white hover:underline"
                    rel="noopener noreferrer"
                  >
                    {t(link.label)}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-bold tracking-wide text-white uppercase">{t("footer.contact")}</h2>
          <a
            href={`mailto:${supportEmail}`}
            className="mt-3 inline-flex items-center gap-2 text-sm text-brand-100 hover:text-white hover:underline"
          >
            <Mail aria-hidden="true" className="h-4 w-4" /> {supportEmail}
          </a>
          <p className="mt-2 text-sm text-brand-100">{t("footer.replyTime")}</p>
        </div>
      </div>
      <div className="border-t border-brand-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm text-brand-100 md:flex-row md:items-center md:justify-between">
          <p>{t("footer.rights", { year: String(year) })}</p>
          <ul className="flex gap-4">
            <li>
              <SiteLink to="/privacy" label="footer.privacy" className="hover:text-white hover:underline" />
            </li>
            <li>
              <SiteLink to="/terms" label="footer.terms" className="hover:text-white hover:underline" />
            </li>
            <li>
              <SiteLink to="/cookies" label="footer.cookies" className="hover:text-white hover:underline" />
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
