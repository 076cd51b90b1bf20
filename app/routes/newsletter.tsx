import { data } from "react-router";
import type { Route } from "./+types/newsletter";
import { getDatabase } from "~/db/database.server";
import { handleNewsletterSignup } from "~/newsletter/newsletter.server";
import { NewsletterForm } from "~/newsletter/newsletter-form";
import { readForm } from "~/validation/read-form.server";
import { pageMeta } from "~/seo/meta";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Scam alerts newsletter",
    description: "Get a short email when a new scam is going around, with what to look out for.",
    path: "/newsletter",
  });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const { status, result, headers } = await handleNewsletterSignup(await getDatabase(), form, context.clientIp);
  return data(result, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold text-brand-900">Scam alerts newsletter</h1>
      <p className="mt-3 text-muted">
        One short email when a new scam is going around, with the red flags to look for. No spam; unsubscribe with one
        click.
      </p>
      <div className="mt-8">
        <NewsletterForm source="home" idPrefix="page-newsletter" initialResult={actionData} />
      </div>
    </section>
  );
}
