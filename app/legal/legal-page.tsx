import type { ComponentType } from "react";
import { useRouteLoaderData } from "react-router";

/** When the policies last changed in a way people should know about. */
export const LEGAL_LAST_UPDATED = "November 21, 2026";

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
  return (
    <article className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-extrabold text-brand-900">{title}</h1>
      <p className="mt-2 text-sm text-muted">Last updated: {LEGAL_LAST_UPDATED}</p>
      <div className="prose-content mt-8">
        <Content components={{ SupportEmail }} />
      </div>
    </article>
  );
}
