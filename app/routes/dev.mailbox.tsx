import { data } from "react-router";
import type { Route } from "./+types/dev.mailbox";
import { getEnv } from "~/config/env.server";
import { getDatabase } from "~/db/database.server";
import { getMessage, listMailbox } from "~/mail/outbox.server";
import { pageMeta } from "~/seo/meta";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Local mailbox", description: "Emails this development site has sent.", path: "/dev/mailbox", noIndex: true });

/** Development only: every email the site wrote, so flows like password reset work with no mail server. */
export async function loader({ request }: Route.LoaderArgs) {
  if (getEnv().isProduction) throw data(null, { status: 404 });
  const db = await getDatabase();
  const url = new URL(request.url);
  const to = url.searchParams.get("to")?.trim().toLowerCase();
  const id = url.searchParams.get("id");
  const messages = (await listMailbox(db, 100)).filter((m) => !to || m.recipient === to);
  const selected = id && /^[0-9a-f-]{36}$/.test(id) ? await getMessage(db, id) : messages[0];
  const summary = (m: (typeof messages)[number]) => ({
    id: m.id,
    to: m.recipient,
    subject: m.subject,
    status: m.status,
    createdAt: m.createdAt.toISOString(),
  });
  return {
    messages: messages.map(summary),
    selected: selected ? { ...summary(selected), text: selected.textBody } : null,
  };
}

/** Plain text with addresses turned into links (the text is ours, but escape it anyway via React). */
function LinkedText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s]+)/g);
  return (
    <pre className="mt-4 whitespace-pre-wrap rounded-lg bg-slate-50 p-4 font-sans text-sm">
      {parts.map((part, index) =>
        /^https?:\/\//.test(part) ? (
          <a key={index} href={part} className="break-all text-brand-700 underline">
            {part}
          </a>
        ) : (
          <span key={index}>{part}</span>
        ),
      )}
    </pre>
  );
}

export default function Mailbox({ loaderData }: Route.ComponentProps) {
  const { messages, selected } = loaderData;
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold text-brand-900">Local mailbox</h1>
      <p className="mt-2 text-muted">
        No SMTP server is configured, so emails are kept here instead of being sent. Set SMTP_URL to
        send real mail.
      </p>
      <div className="mt-8 grid gap-6 md:grid-cols-[20rem_1fr]">
        <ul aria-label="Messages" className="space-y-2">
          {messages.length === 0 && <li className="text-muted">No emails yet.</li>}
          {messages.map((m) => (
            <li key={m.id}>
              <a href={`/dev/mailbox?id=${m.id}`} className="block rounded-lg border border-slate-200 p-3 hover:bg-brand-50">
                <span className="block text-sm font-semibold">{m.subject}</span>
                <span className="block text-xs text-muted">
                  To {m.to} · {m.status}
                </span>
              </a>
            </li>
          ))}
        </ul>
        {selected && (
          <article aria-label="Selected message" className="rounded-xl border border-slate-200 p-6">
            <h2 className="text-xl font-bold">{selected.subject}</h2>
            <p className="text-sm text-muted">
              To {selected.to} · {selected.status} · {new Date(selected.createdAt).toUTCString()}
            </p>
            <LinkedText text={selected.text} />
          </article>
        )}
      </div>
    </section>
  );
}
