import { MessageSquare } from "lucide-react";
import { data, Form, useActionData, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/dev.mailbox";
import { getEnv, inboundEmailSecret } from "~/config/env.server";
import { getDatabase } from "~/db/database.server";
import { INBOUND_SIGNATURE_HEADER, signInboundEmail } from "~/mail/inbound-email.server";
import { answerInboundText } from "~/mail/inbound-text-answer.server";
import { forwardedCopy, replyCopy } from "~/mail/mail-client-copies.server";
import { getMessage, listMailbox, senderOf } from "~/mail/outbox.server";
import { pageMeta } from "~/seo/meta";
import { PRACTICE_EMAIL_TEMPLATE } from "~/training/sending/practice-composer.server";
import { practiceSendingSetup } from "~/training/library/practice-sending-setup.server";
import { Button } from "~/ui/button";
import type { ScenarioLanguage } from "~/training/library/practice-scenario-schema";
import { practiceLanguageOfOutbox } from "~/training/tracking/message-language.server";
import { readForm } from "~/validation/read-form.server";

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
    selected: selected
      ? {
          ...summary(selected),
          from: selected.channel === "sms" ? null : senderOf(getEnv().MAIL_FROM, selected),
          text: selected.textBody,
          // A practice email can be reported the two ways a person would: forwarded, or answered.
          reportable: selected.template === PRACTICE_EMAIL_TEMPLATE && selected.status === "sent",
          // Its reader's mail program speaks their language: a Spanish practice email, Spanish buttons.
          language:
            selected.template === PRACTICE_EMAIL_TEMPLATE ? await practiceLanguageOfOutbox(db, selected.id) : "en",
        }
      : null,
    reportAddress: practiceSendingSetup()?.reportAddress ?? null,
  };
}

/** The mail program's words, in its reader's language. */
const MAIL_CLIENT_WORDS = {
  en: {
    how: (address: string) => `Report it as a person would: forward it to ${address}, or reply to it.`,
    forward: "Forward to report",
    reply: "Reply",
    replyBody: "I think this is a scam.",
  },
  es: {
    how: (address: string) => `Repórtelo como lo haría una persona: reenvíelo a ${address}, o respóndalo.`,
    forward: "Reenviar para reportar",
    reply: "Responder",
    replyBody: "Creo que esto es una estafa.",
  },
} as const;

const MailClientSchema = z.object({
  intent: z.enum(["forward", "reply"], { error: "Choose Forward to report or Reply." }),
  id: z.uuid({ error: "That message is not in the mailbox." }),
});

/** A reply typed into a text's reply box, as the phone it went to would send it. */
const TextReplySchema = z.object({
  intent: z.literal("text-reply"),
  id: z.uuid({ error: "That message is not in the mailbox." }),
  body: z
    .string({ error: "Type a reply first." })
    .trim()
    .min(1, "Type a reply first.")
    .max(320, "A reply here is at most 320 characters (two texts)."),
});

/**
 * The reply box on a text: the reply comes from the number the text went to, and goes through
 * answerInboundText, the handling behind Twilio's signed webhook (/api/webhooks/twilio), so
 * YES 4821, STOP or SCAM do here exactly what they do from a phone.
 */
async function replyToText(raw: Record<string, unknown>) {
  const form = TextReplySchema.safeParse(raw);
  if (!form.success) return data({ ok: false, message: form.error.issues[0]!.message }, { status: 400 });
  const message = await getMessage(await getDatabase(), form.data.id);
  if (!message || message.channel !== "sms") {
    return data({ ok: false, message: "Only a text message can be answered by text." }, { status: 400 });
  }
  const answer = await answerInboundText({
    From: message.recipient,
    To: getEnv().TWILIO_FROM ?? "local mailbox",
    Body: form.data.body,
    MessageSid: `SM${crypto.randomUUID().replaceAll("-", "")}`,
  });
  if (!answer.ok) return data({ ok: false, message: await answer.text() }, { status: answer.status });
  return data({ ok: true, message: `Replied "${form.data.body}" from ${message.recipient}.` });
}

const OUTCOME_WORDS: Record<string, string> = {
  counted: 'Reported: it counts, and a "Well spotted" answer is on its way.',
  "already-counted": "Already reported: the first report is the one that counts.",
  kept: "Kept, but not counted: it did not come from the address the message was sent to.",
};

/**
 * "Forward to report" and "Reply" on a practice email: builds the copy a mail client would send
 * and posts it, signed, to our own /api/webhooks/inbound-email, exactly as a mail provider would.
 * "Send" in a text's reply box: replyToText.
 */
export async function action({ request }: Route.ActionArgs) {
  if (getEnv().isProduction) throw data(null, { status: 404 });
  const fields = await readForm(request);
  if (fields.intent === "text-reply") return replyToText(fields);
  const form = MailClientSchema.safeParse(fields);
  if (!form.success) return data({ ok: false, message: form.error.issues[0]!.message }, { status: 400 });
  const db = await getDatabase();
  const message = await getMessage(db, form.data.id);
  const setup = practiceSendingSetup();
  const secret = inboundEmailSecret();
  if (!message || message.template !== PRACTICE_EMAIL_TEMPLATE || !setup || !secret) {
    return data({ ok: false, message: "Only a practice email that was sent can be reported." }, { status: 400 });
  }
  const mailFrom = getEnv().MAIL_FROM;
  const raw =
    form.data.intent === "forward"
      ? await forwardedCopy(message, { mailFrom, forwardTo: setup.reportAddress })
      : await replyCopy(message, {
          mailFrom,
          body: MAIL_CLIENT_WORDS[await practiceLanguageOfOutbox(db, message.id)].replyBody,
        });
  const response = await fetch(`${getEnv().APP_URL}/api/webhooks/inbound-email`, {
    method: "POST",
    headers: { "Content-Type": "message/rfc822", [INBOUND_SIGNATURE_HEADER]: signInboundEmail(raw, secret) },
    body: new Uint8Array(raw),
  });
  const answer = (await response.json()) as { outcome?: string; error?: string };
  const words = answer.outcome ? OUTCOME_WORDS[answer.outcome] : undefined;
  return data({ ok: response.ok, message: words ?? answer.error ?? `The report was refused (${response.status}).` });
}

function ReportButtons({
  id,
  reportAddress,
  language,
}: {
  id: string;
  reportAddress: string | null;
  language: ScenarioLanguage;
}) {
  const busy = useNavigation().state !== "idle";
  const result = useActionData<typeof action>();
  const words = MAIL_CLIENT_WORDS[language];
  return (
    <div lang={language} className="mt-4 border-t border-slate-200 pt-4">
      <p className="text-sm text-muted">{words.how(reportAddress ?? "the report address")}</p>
      {/* Posted to this message's own address, so the page that answers still shows it. */}
      <Form method="post" action={`/dev/mailbox?id=${id}`} className="mt-3 flex flex-wrap gap-3">
        <input type="hidden" name="id" value={id} />
        <Button type="submit" name="intent" value="forward" variant="secondary" disabled={busy}>
          {words.forward}
        </Button>
        <Button type="submit" name="intent" value="reply" variant="secondary" disabled={busy}>
          {words.reply}
        </Button>
      </Form>
      {result && (
        <p role="status" className="mt-3 text-sm font-semibold">
          {result.message}
        </p>
      )}
    </div>
  );
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

type Selected = { id: string; to: string; status: string; createdAt: string; text: string };

/** Under a text, as on the phone: type a reply (YES 4821, STOP, SCAM) and send it to the site. */
function TextReplyBox({ id }: { id: string }) {
  const busy = useNavigation().state !== "idle";
  const result = useActionData<typeof action>();
  return (
    <Form method="post" action={`/dev/mailbox?id=${id}`} className="border-t border-slate-200 pt-3">
      <input type="hidden" name="intent" value="text-reply" />
      <input type="hidden" name="id" value={id} />
      <label htmlFor="text-reply" className="text-xs text-muted">
        Reply from this phone
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="text-reply"
          name="body"
          required
          maxLength={320}
          autoComplete="off"
          className="min-w-0 flex-1 rounded-full border border-slate-300 px-3 py-1 text-sm"
        />
        <Button type="submit" variant="secondary" disabled={busy}>
          Send
        </Button>
      </div>
      {result && (
        <p role="status" className="mt-2 text-sm font-semibold">
          {result.message}
        </p>
      )}
    </Form>
  );
}

/** A text message as a phone shows it: the number at the top, the message in a bubble, a reply box. */
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
      <TextReplyBox id={message.id} />
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
            {selected.from && <p className="text-sm">From {selected.from}</p>}
            <p className="text-sm text-muted">
              To {selected.to} · {selected.status} · {new Date(selected.createdAt).toUTCString()}
            </p>
            <LinkedText text={selected.text} />
            {selected.reportable && (
              <ReportButtons id={selected.id} reportAddress={loaderData.reportAddress} language={selected.language} />
            )}
          </article>
        )}
      </div>
    </section>
  );
}
