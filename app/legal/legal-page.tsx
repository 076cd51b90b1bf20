import type { ComponentType } from "react";
import { useRouteLoaderData } from "react-router";
import { useT } from "~/i18n/use-translation";

/** When the policies last changed in a way people should know about (noon UTC, so no time zone moves the day). */
export const LEGAL_LAST_UPDATED = new Date("2026-11-21T12:00:00Z");

function SupportEmail() {
  const root = useRouteLoaderData("root") as { supportEmail?: string } | undefined;
  const email = root?.supportEmail ?? "support@scam-free.example";
  return <a href={`mailto:${email}`}>{email}</a>;
}

export function LegalPage({
  title,
  Content,
}: {
  title: string;
  Content: ComponentType<{ components?: Record<string, ComponentType<never>> }>;
}) {
  const t = useT();
  return (
    <article className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-extrabold text-brand-900">{title}</h1>
      <p className="mt-2 text-sm text-muted">{t("legal.lastUpdated", { date: LEGAL_LAST_UPDATED.getTime() })}</p>
      <div className="prose-content mt-8">
        <Content components={{ SupportEmail }} />
      </div>
    </article>
  );
}
