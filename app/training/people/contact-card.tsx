import { Mail, MessageSquare, Clock } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatLongDate } from "~/billing/subscription-view";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { cn } from "~/ui/cn";
import { OPTED_OUT_EXPLANATION, type ContactStatus } from "./contact-status";
import { PRACTICE_LANGUAGE_LABELS } from "./practice-language";
import { ContactFields } from "./contact-fields";
import { DeliveryStepsList } from "./delivery-steps-list";
import { channelSetting, type ContactView } from "./contact-view";
import { TrainingForm } from "./training-form";

export const GUARDIAN_CHECKBOX_LABEL = "I am this child's parent or guardian and I agree to practice messages for them";

const BADGE_CLASSES: Record<ContactStatus, string> = {
  waiting: "bg-amber-100 text-amber-900 ring-amber-300",
  active: "bg-safe-50 text-green-900 ring-green-300",
  paused: "bg-slate-100 text-slate-800 ring-slate-300",
  "opted-out": "bg-red-50 text-red-900 ring-red-300",
};

export function StatusBadge({ status, label }: { status: ContactStatus; label: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ring-1",
        BADGE_CLASSES[status],
      )}
    >
      {label}
    </span>
  );
}

const HOW_AGREED: Record<string, string> = {
  "notice-link": "from the link we sent there",
  "text-reply": "by replying YES",
  "account-email": "as your confirmed account email",
};

/** One line per address: whether it said yes, was asked, or asked us to stop. */
function AddressConsentList({ contact }: { contact: ContactView }) {
  if (contact.addresses.length === 0) return null;
  return (
    <ul className="space-y-1 text-sm text-muted" aria-label={`Consent of ${contact.name}'s email and phone`}>
      {contact.addresses.map((address) => (
        <li key={address.address}>
          <span className="font-medium text-ink">{address.channel === "email" ? "Email" : "Texts"}</span>:{" "}
          {address.state === "agreed" &&
            `said yes on ${formatLongDate(address.since)}${address.how ? ` (${HOW_AGREED[address.how] ?? address.how})` : ""}`}
          {address.state === "asked" && `asked on ${formatLongDate(address.since)}, no answer yet`}
          {address.state === "waiting" && "not asked yet"}
          {address.state === "opted-out" && "asked not to get practice messages"}
          {address.paused && <span className="block font-semibold text-danger-600">{address.paused}</span>}
          {address.resting && <span className="block font-medium text-ink">{address.resting}</span>}
        </li>
      ))}
    </ul>
  );
}

/**
 * "Make sure practice messages reach them": for each address that said yes, whether its latest
 * test arrived, "Send a test", and the steps for its mail service or phone.
 */
function DeliveryChecks({ contact, editable }: { contact: ContactView; editable: boolean }) {
  const agreed = contact.addresses.filter((address) => address.state === "agreed" && address.delivery);
  if (agreed.length === 0) return null;
  return (
    <div className="space-y-3 rounded-xl bg-slate-50 p-3" data-testid="delivery-checks">
      <p className="text-sm font-semibold text-ink">Make sure practice messages reach {contact.name}</p>
      {agreed.map((address) => {
        const { check, steps } = address.delivery!;
        const what = address.channel === "email" ? "Email" : "Texts";
        return (
          <div key={address.address} className="space-y-2 text-sm">
            <p>
              <span className="font-medium text-ink">{what}</span>:{" "}
              {!check && <span className="text-muted">no test sent yet</span>}
              {check?.confirmedAt && (
                <span className="font-semibold text-green-900">
                  Test delivered <span className="font-normal text-muted">({formatLongDate(check.confirmedAt)})</span>
                </span>
              )}
              {check && !check.confirmedAt && (
                <span className="font-semibold text-amber-900">
                  Test not confirmed yet{" "}
                  <span className="font-normal text-muted">(sent {formatLongDate(check.sentAt)})</span>
                </span>
              )}
            </p>
            <details>
              <summary className="cursor-pointer font-medium text-brand-700 underline">
                {steps.service}: how to keep practice{" "}
                {address.channel === "email" ? "emails out of spam" : "texts coming"}
              </summary>
              <DeliveryStepsList steps={steps} />
            </details>
            {editable && (
              <TrainingForm
                intent="send-test"
                contactId={contact.id}
                label={`Test ${contact.name}'s ${what.toLowerCase()}`}
              >
                {({ busy }) => (
                  <>
                    <input type="hidden" name="channel" value={address.channel} />
                    <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                      {busy ? "Sending..." : address.channel === "email" ? "Send a test email" : "Send a test text"}
                    </Button>
                  </>
                )}
              </TrainingForm>
            )}
          </div>
        );
      })}
      <p className="text-xs text-muted">
        A test is a plain message from scam-free, not a practice scam. {contact.name} presses the button in it (or
        replies) to show it arrived.
      </p>
    </div>
  );
}

/** Where this person stands, in a sentence, and the one next step when there is one. */
function ConsentStep({ contact, editable }: { contact: ContactView; editable: boolean }) {
  if (contact.status === "opted-out") {
    return (
      <div className="space-y-2">
        <p className="text-sm font-medium text-danger-600">{OPTED_OUT_EXPLANATION}.</p>
        <p className="text-sm text-muted">
          Nothing goes to them, and adding them again sends nothing. Only they can change it, by asking for a link on
          the page{" "}
          <Link to="/training/opt-in" className="font-medium text-brand-700 underline">
            Get practice messages again
          </Link>
          .
        </p>
      </div>
    );
  }
  if (contact.status === "active" || contact.status === "paused") {
    return (
      <div className="space-y-2">
        {contact.minor && contact.guardianConfirmedAt && (
          <p className="text-sm text-muted">
            You confirmed as their parent or guardian on {formatLongDate(contact.guardianConfirmedAt)}.
          </p>
        )}
        <AddressConsentList contact={contact} />
        <DeliveryChecks contact={contact} editable={editable} />
        {contact.status === "paused" && (
          <p className="text-sm text-muted">Paused by you: nothing is sent until you resume.</p>
        )}
        {editable &&
          contact.addresses.some((address) => address.state !== "agreed" && address.state !== "opted-out") && (
            <NoticeButton contact={contact} />
          )}
      </div>
    );
  }
  if (contact.minor && contact.guardianConfirmedAt) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-muted">
          You confirmed on {formatLongDate(contact.guardianConfirmedAt)}. Now {contact.name} says “Yes, I&apos;m in”
          from the notice we sent them (you can press it together).
        </p>
        <AddressConsentList contact={contact} />
        {editable && <NoticeButton contact={contact} />}
      </div>
    );
  }
  if (contact.minor) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-muted">
          Children and teens are enrolled by their parent or guardian. Nothing is sent until you confirm, and then{" "}
          {contact.name} says “Yes, I&apos;m in” from a short notice we send them. Practice messages look like real
          scams and do not announce themselves.
        </p>
        {editable && (
          <TrainingForm intent="guardian-consent" contactId={contact.id} label={`Confirm for ${contact.name}`}>
            {({ errors, busy }) => (
              <div className="space-y-3">
                <label className="flex items-start gap-3 text-base">
                  <input
                    type="checkbox"
                    name="guardian"
                    className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
                    aria-invalid={Boolean(errors.guardian)}
                    aria-describedby={`guardian-${contact.id}-error`}
                  />
                  <span>{GUARDIAN_CHECKBOX_LABEL}</span>
                </label>
                {errors.guardian && (
                  <p id={`guardian-${contact.id}-error`} className="text-sm font-medium text-danger-600">
                    {errors.guardian}
                  </p>
                )}
                <Button type="submit" disabled={busy} className="w-full sm:w-auto">
                  {busy ? "Saving..." : `Confirm for ${contact.name}`}
                </Button>
              </div>
            )}
          </TrainingForm>
        )}
      </div>
    );
  }
  if (!contact.ageBandSet) {
    return (
      <div className="space-y-2">
        <p className="text-sm font-medium text-amber-900">
          Choose {contact.name}&apos;s age group first (Edit {contact.name}, below).
        </p>
        <p className="text-sm text-muted">
          Children and teens get a notice written for them, after you confirm as their parent or guardian; adults say
          yes themselves. Nothing is sent until you choose.
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted">
        {contact.isHolder
          ? "This is you. Say yes here to start your own practice messages."
          : contact.noticeSentAt
            ? `We asked them on ${formatLongDate(contact.noticeSentAt)}. Nothing is sent until they say yes from their own inbox or phone.`
            : "Adults say yes themselves. Send them a notice that explains it; nothing is sent until they agree."}
      </p>
      <AddressConsentList contact={contact} />
      {editable && (
        <div className="flex flex-wrap gap-2">
          {contact.isHolder && (
            <TrainingForm intent="self-consent" contactId={contact.id} label="Your own consent">
              {({ busy }) => (
                <Button type="submit" disabled={busy}>
                  Yes, send me practice messages
                </Button>
              )}
            </TrainingForm>
          )}
          <NoticeButton contact={contact} />
        </div>
      )}
    </div>
  );
}

function NoticeButton({ contact }: { contact: ContactView }) {
  return (
    <TrainingForm intent="send-notice" contactId={contact.id} label={`Notice for ${contact.name}`}>
      {({ busy }) => (
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? "Sending..." : contact.noticeSentAt ? "Resend the notice" : "Send the notice"}
        </Button>
      )}
    </TrainingForm>
  );
}

/** "· emails on", or, once the person stopped them, "· they stopped practice emails" in the danger color. */
function ChannelSetting({ setting }: { setting: ReturnType<typeof channelSetting> }) {
  return (
    <span className={setting.stopped ? "font-medium text-danger-600" : "whitespace-nowrap text-muted"}>
      · {setting.text}
    </span>
  );
}

/**
 * One person on /account/training. `localActions` is where local-only tools go (the "Send a
 * practice message now" button of local mode), shown for active people only.
 */
export function ContactCard({
  contact,
  editable,
  localActions,
}: {
  contact: ContactView;
  editable: boolean;
  localActions?: ReactNode;
}) {
  const headingId = `contact-${contact.id}-name`;
  const editKey = [
    contact.name,
    contact.ageBand,
    contact.email,
    contact.phone,
    contact.emailEnabled,
    contact.smsEnabled,
    contact.timeZone,
    contact.language,
  ].join("|");
  return (
    <Card className="p-4 sm:p-6" aria-labelledby={headingId} role="group" data-testid="training-contact">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="text-xl font-bold break-words text-brand-900">
            {contact.name}
          </h3>
          <p className="text-muted">
            {contact.ageBandLabel}
            {contact.language !== "en" && (
              <>
                {" · "}
                <span lang={contact.language}>{PRACTICE_LANGUAGE_LABELS[contact.language]}</span>
              </>
            )}
          </p>
        </div>
        <StatusBadge status={contact.status} label={contact.statusLabel} />
      </div>
      <dl className="mt-3 space-y-1 text-base">
        <div className="flex min-w-0 items-start gap-2">
          <dt>
            <Mail aria-hidden="true" className="mt-1 h-4 w-4 text-brand-700" />
            <span className="sr-only">Email</span>
          </dt>
          <dd className="min-w-0">
            {/* A long address may break anywhere; "emails on" stays whole. */}
            <span className="wrap-anywhere">{contact.email ?? "No email"}</span>
            {contact.email && (
              <>
                {" "}
                <ChannelSetting setting={channelSetting(contact, "email")} />
              </>
            )}
          </dd>
        </div>
        <div className="flex items-start gap-2">
          <dt>
            <MessageSquare aria-hidden="true" className="mt-1 h-4 w-4 text-brand-700" />
            <span className="sr-only">Phone</span>
          </dt>
          <dd>
            {contact.phone ?? "No phone"}
            {contact.phone && (
              <>
                {" "}
                <ChannelSetting setting={channelSetting(contact, "sms")} />
              </>
            )}
          </dd>
        </div>
        <div className="flex items-start gap-2">
          <dt>
            <Clock aria-hidden="true" className="mt-1 h-4 w-4 text-brand-700" />
            <span className="sr-only">Time zone</span>
          </dt>
          <dd>{contact.timeZone.replaceAll("_", " ")}</dd>
        </div>
      </dl>
      <div className="mt-4">
        <ConsentStep contact={contact} editable={editable} />
      </div>
      {editable && (
        <div className="mt-4 flex flex-wrap items-start gap-2 border-t border-slate-200 pt-4">
          {contact.status === "active" && localActions}
          {contact.status !== "opted-out" && (
            <TrainingForm
              intent={contact.status === "paused" ? "resume" : "pause"}
              contactId={contact.id}
              label={`Pause or resume ${contact.name}`}
            >
              {({ busy }) => (
                <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                  {contact.status === "paused" ? "Resume" : "Pause"}
                </Button>
              )}
            </TrainingForm>
          )}
          <details className="group w-full">
            <summary className="inline-flex h-9 cursor-pointer items-center rounded-lg px-3 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50">
              Edit {contact.name}
            </summary>
            <TrainingForm
              intent="update"
              contactId={contact.id}
              className="mt-3 space-y-4"
              label={`Edit ${contact.name}`}
              confirmInline
            >
              {({ errors, busy }) => (
                <>
                  <ContactFields key={editKey} idPrefix={`edit-${contact.id}`} values={contact} errors={errors} />
                  <Button type="submit" disabled={busy} className="w-full sm:w-auto">
                    {busy ? "Saving..." : "Save changes"}
                  </Button>
                </>
              )}
            </TrainingForm>
          </details>
          <details className="w-full">
            <summary className="inline-flex h-9 cursor-pointer items-center rounded-lg px-3 text-sm font-semibold text-danger-600 ring-1 ring-red-200 hover:bg-red-50">
              Remove {contact.name}
            </summary>
            <TrainingForm
              intent="remove"
              contactId={contact.id}
              className="mt-3 space-y-3"
              label={`Remove ${contact.name}`}
            >
              {({ busy }) => (
                <>
                  <input type="hidden" name="confirm" value="yes" />
                  <p className="text-base">
                    Remove {contact.name} from your Training Program? They get no more practice messages, their consent
                    link stops working, and their practice history (messages and results) is deleted.
                  </p>
                  <Button type="submit" variant="danger" disabled={busy} className="w-full sm:w-auto">
                    {busy ? "Removing..." : `Yes, remove ${contact.name}`}
                  </Button>
                </>
              )}
            </TrainingForm>
          </details>
        </div>
      )}
    </Card>
  );
}
