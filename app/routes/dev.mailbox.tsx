import { MessageSquare } from "lucide-react";
import { data } from "react-router";
import type { Route } from "./+types/dev.mailbox";
import { getEnv } from "~/config/env.server";
import { getDatabase } from "~/db/database.server";
import { getMessage, listMailbox } from "~/mail/outbox.server";
import { pageMeta } from "~/seo/meta";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Local mailbox",
    description: "Emails and texts this development site has sent.",
    path: "/dev/mailbox",
    noIndex: true,
  });

/**
 * Development only: every email and text message the site wrote, so flows like password reset work
 * with no mail server or Twilio account. `?to=` filters by address or phone number.
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (getEnv().isProduction) throw data(null, { status: 404 });
  const db = await getDatabase();
  const url = new URL(request.url);
  // An unencoded "+" in ?to=+15551234567 arrives as a space.
  const to = url.searchParams.get("to")?.replace(/^ /, "+").trim().toLowerCase();
  const id = url.searchParams.get("id");
  const messages = (await listMailbox(db, 100)).filter((m) => !to || m.recipient === to);
  const selected = id && /^[0-9a-f-]{36}$/.test(id) ? await getMessage(db, id) : messages[0];
  const summary = (m: (typeof messages)[number]) => ({
    id: m.id,
    channel: m.channel === "sms" ? ("sms" as const) : ("email" as const),
    to: m.recipient,
    subject: m.channel === "sms" ? "Text message" : (m.subject ?? ""),
    status: m.status,
    createdAt: m.createdAt.toISOString(),
  });
  return {
    messages: messages.map(summary),
    selected: selected ? { ...summary(selected), text: selected.textBody } : null,
  };
}

/** Addresses in the text become links (the text is ours, but React escapes it anyway). */
function linkify(text: string) {
  return text.split(/(https?:\/\/[^\s()<>"]+)/g).map((part, index) =>
    /^https?:\/\//.test(part) ? (
      <a key={index} href={part} className="break-all text-brand-700 underline">
        {part}
      </a>
    ) : (
      <span key={index}>{part}</span>
    ),
  );
}

function LinkedText({ text }: { text: string }) {
  return <pre className="mt-4 whitespace-pre-wrap rounded-lg bg-slate-50 p-4 font-sans text-sm">{linkify(text)}</pre>;
}

type Selected = { to: string; status: string; createdAt: string; text: string };

/** A text message as a phone shows it: the number at the top, the message in a bubble. */
function TextMessage({ message }: { message: Selected }) {
  return (
    <article
      aria-label="Selected text message"
      className="mx-auto w-full max-w-sm rounded-[2rem] border-8 border-slate-800 bg-white p-4 shadow-lg"
    >
      <header className="border-b border-slate-200 pb-3 text-center">
        <p className="text-xs text-muted">Text message to</p>
        <h2 className="text-lg font-semibold">{message.to}</h2>
      </header>
      <div className="py-6">
        <p className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-bl-sm bg-slate-100 px-4 py-2 text-sm text-slate-900">
          {linkify(message.text)}
        </p>
        <p className="mt-2 text-xs text-muted">
          {new Date(message.createdAt).toUTCString()} · {message.status}
        </p>
      </div>
    </article>
  );
}

export default function Mailbox({ loaderData }: Route.ComponentProps) {
  const { messages, selected } = loaderData;
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold text-brand-900">Local mailbox</h1>
      <p className="mt-2 text-muted">
        Emails and text messages are kept here when no SMTP server or Twilio account is configured. Set SMTP_URL to send
        real mail, and the TWILIO_* settings to send real texts.
      </p>
      <div className="mt-8 grid gap-6 md:grid-cols-[20rem_1fr]">
        <ul aria-label="Messages" className="space-y-2">
          {messages.length === 0 && <li className="text-muted">No messages yet.</li>}
          {messages.map((m) => (
            <li key={m.id}>
              <a
                href={`/dev/mailbox?id=${m.id}`}
                className="block rounded-lg border border-slate-200 p-3 hover:bg-brand-50"
              >
                <span className="block text-sm font-semibold">
                  {m.channel === "sms" ? <MessageSquare aria-hidden className="mr-1 inline h-4 w-4" /> : null}
                  {m.subject}
                </span>
                <span className="block text-xs text-muted">
                  To {m.to} · {m.status}
                </span>
              </a>
            </li>
          ))}
        </ul>
        {selected?.channel === "sms" && <TextMessage message={selected} />}
        {selected && selected.channel === "email" && (
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
