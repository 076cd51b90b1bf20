import { Mail, MessageSquare, Clock } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { pathInLocale } from "~/i18n/locales";
import { formatLongDate } from "~/i18n/dates";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { cn } from "~/ui/cn";
import { optedOutExplanation, type ContactStatus } from "./contact-status";
import type { Translate } from "~/i18n/translate";
import { useT } from "~/i18n/use-translation";
import { PRACTICE_LANGUAGE_LABELS } from "~/family/practice-language";
import { ContactFields } from "./contact-fields";
import { DeliveryStepsList } from "./delivery-steps-list";
import { channelSetting, type ContactView } from "./contact-view";
import { TrainingForm } from "./training-form";

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

/** How an address said yes, in a few words: "(from the link we sent there)". */
function howAgreed(how: string | null, t: Translate): string | null {
  if (how === "notice-link") return t("people.card.howNoticeLink");
  if (how === "text-reply") return t("people.card.howTextReply");
  if (how === "account-email") return t("people.card.howAccountEmail");
  return how;
}

/** "Email" or "Texts", before what an address's consent or test says. */
function channelName(channel: "email" | "sms", t: Translate): string {
  return channel === "email" ? t("people.card.email") : t("people.card.texts");
}

/** One line per address: whether it said yes, was asked, or asked us to stop. */
function AddressConsentList({ contact }: { contact: ContactView }) {
  const t = useT();
  if (contact.addresses.length === 0) return null;
  const date = (value: string | null) => formatLongDate(value, t.locale);
  return (
    <ul className="space-y-1 text-sm text-muted" aria-label={t("people.card.consentListLabel", { name: contact.name })}>
      {contact.addresses.map((address) => (
        <li key={address.address}>
          <span className="font-medium text-ink">{channelName(address.channel, t)}</span>:{" "}
          {address.state === "agreed" &&
            (address.how
              ? t("people.card.saidYesHow", { date: date(address.since), how: howAgreed(address.how, t) ?? "" })
              : t("people.card.saidYes", { date: date(address.since) }))}
          {address.state === "asked" && t("people.card.asked", { date: date(address.since) })}
          {address.state === "waiting" && t("people.card.notAsked")}
          {address.state === "opted-out" && t("people.card.addressOptedOut")}
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
  const t = useT();
  const date = (value: string | null) => formatLongDate(value, t.locale);
  const agreed = contact.addresses.filter((address) => address.state === "agreed" && address.delivery);
  if (agreed.length === 0) return null;
  return (
    <div className="space-y-3 rounded-xl bg-slate-50 p-3" data-testid="delivery-checks">
      <p className="text-sm font-semibold text-ink">{t("people.card.reachTitle", { name: contact.name })}</p>
      {agreed.map((address) => {
        const { check, steps } = address.delivery!;
        const email = address.channel === "email";
        return (
          <div key={address.address} className="space-y-2 text-sm">
            <p>
              <span className="font-medium text-ink">{channelName(address.channel, t)}</span>:{" "}
              {!check && <span className="text-muted">{t("people.card.noTest")}</span>}
              {check?.confirmedAt && (
                <span className="font-semibold text-green-900">
                  {t("people.card.testDelivered")}{" "}
                  <span className="font-normal text-muted">({date(check.confirmedAt)})</span>
                </span>
              )}
              {check && !check.confirmedAt && (
                <span className="font-semibold text-amber-900">
                  {t("people.card.testNotConfirmed")}{" "}
                  <span className="font-normal text-muted">
                    ({t("people.card.testSentOn", { date: date(check.sentAt) })})
                  </span>
                </span>
              )}
            </p>
            <details>
              <summary className="cursor-pointer font-medium text-brand-700 underline">
                {email
                  ? t("people.card.stepsEmail", { service: steps.service })
                  : t("people.card.stepsTexts", { service: steps.service })}
              </summary>
              <DeliveryStepsList steps={steps} />
            </details>
            {editable && (
              <TrainingForm
                intent="send-test"
                contactId={contact.id}
                label={
                  email
                    ? t("people.card.testEmailLabel", { name: contact.name })
                    : t("people.card.testTextsLabel", { name: contact.name })
                }
              >
                {({ busy }) => (
                  <>
                    <input type="hidden" name="channel" value={address.channel} />
                    <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                      {busy
                        ? t("people.card.sending")
                        : email
                          ? t("people.card.sendTestEmail")
                          : t("people.card.sendTestText")}
                    </Button>
                  </>
                )}
              </TrainingForm>
            )}
          </div>
        );
      })}
      <p className="text-xs text-muted">{t("people.card.testExplained", { name: contact.name })}</p>
    </div>
  );
}

/** Where this person stands, in a sentence, and the one next step when there is one. */
function ConsentStep({ contact, editable }: { contact: ContactView; editable: boolean }) {
  const t = useT();
  const date = (value: string | null) => formatLongDate(value, t.locale);
  if (contact.status === "opted-out") {
    return (
      <div className="space-y-2">
        <p className="text-sm font-medium text-danger-600">{optedOutExplanation(t)}.</p>
        <p className="text-sm text-muted">
          {t.rich("people.card.optedOutHow", {
            link: (chunks) => (
              <Link to={pathInLocale("/training/opt-in", t.locale)} className="font-medium text-brand-700 underline">
                {chunks}
              </Link>
            ),
          })}
        </p>
      </div>
    );
  }
  if (contact.status === "active" || contact.status === "paused") {
    return (
      <div className="space-y-2">
        {contact.minor && contact.guardianConfirmedAt && (
          <p className="text-sm text-muted">
            {t("people.card.guardianConfirmedOn", { date: date(contact.guardianConfirmedAt) })}
          </p>
        )}
        <AddressConsentList contact={contact} />
        <DeliveryChecks contact={contact} editable={editable} />
        {contact.status === "paused" && <p className="text-sm text-muted">{t("people.card.pausedByYou")}</p>}
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
          {t("people.card.guardianThenChild", { date: date(contact.guardianConfirmedAt), name: contact.name })}
        </p>
        <AddressConsentList contact={contact} />
        {editable && <NoticeButton contact={contact} />}
      </div>
    );
  }
  if (contact.minor) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-muted">{t("people.card.minorExplained", { name: contact.name })}</p>
        {editable && (
          <TrainingForm
            intent="guardian-consent"
            contactId={contact.id}
            label={t("people.card.confirmFor", { name: contact.name })}
          >
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
                  <span>{t("people.card.guardianCheckbox")}</span>
                </label>
                {errors.guardian && (
                  <p id={`guardian-${contact.id}-error`} className="text-sm font-medium text-danger-600">
                    {errors.guardian}
                  </p>
                )}
                <Button type="submit" disabled={busy} className="w-full sm:w-auto">
                  {busy ? t("people.card.saving") : t("people.card.confirmFor", { name: contact.name })}
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
        <p className="text-sm font-medium text-amber-900">{t("people.card.chooseAgeFirst", { name: contact.name })}</p>
        <p className="text-sm text-muted">{t("people.card.chooseAgeExplained")}</p>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted">
        {contact.isHolder
          ? t("people.card.thisIsYou")
          : contact.noticeSentAt
            ? t("people.card.askedOn", { date: date(contact.noticeSentAt) })
            : t("people.card.adultsSayYes")}
      </p>
      <AddressConsentList contact={contact} />
      {editable && (
        <div className="flex flex-wrap gap-2">
          {contact.isHolder && (
            <TrainingForm intent="self-consent" contactId={contact.id} label={t("people.card.ownConsent")}>
              {({ busy }) => (
                <Button type="submit" disabled={busy}>
                  {t("people.card.selfYes")}
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
  const t = useT();
  return (
    <TrainingForm
      intent="send-notice"
      contactId={contact.id}
      label={t("people.card.noticeFor", { name: contact.name })}
    >
      {({ busy }) => (
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy
            ? t("people.card.sending")
            : contact.noticeSentAt
              ? t("people.card.resendNotice")
              : t("people.card.sendNotice")}
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
  const t = useT();
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
            <span className="sr-only">{t("people.card.email")}</span>
          </dt>
          <dd className="min-w-0">
            {/* A long address may break anywhere; "emails on" stays whole. */}
            <span className="wrap-anywhere">{contact.email ?? t("people.card.noEmail")}</span>
            {contact.email && (
              <>
                {" "}
                <ChannelSetting setting={channelSetting(contact, "email", t)} />
              </>
            )}
          </dd>
        </div>
        <div className="flex items-start gap-2">
          <dt>
            <MessageSquare aria-hidden="true" className="mt-1 h-4 w-4 text-brand-700" />
            <span className="sr-only">{t("people.card.phone")}</span>
          </dt>
          <dd>
            {contact.phone ?? t("people.card.noPhone")}
            {contact.phone && (
              <>
                {" "}
                <ChannelSetting setting={channelSetting(contact, "sms", t)} />
              </>
            )}
          </dd>
        </div>
        <div className="flex items-start gap-2">
          <dt>
            <Clock aria-hidden="true" className="mt-1 h-4 w-4 text-brand-700" />
            <span className="sr-only">{t("people.timeZone")}</span>
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
              label={t("people.card.pauseOrResume", { name: contact.name })}
            >
              {({ busy }) => (
                <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                  {contact.status === "paused" ? t("people.card.resume") : t("people.card.pause")}
                </Button>
              )}
            </TrainingForm>
          )}
          <details className="group w-full">
            <summary className="inline-flex h-9 cursor-pointer items-center rounded-lg px-3 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50">
              {t("people.card.edit", { name: contact.name })}
            </summary>
            <TrainingForm
              intent="update"
              contactId={contact.id}
              className="mt-3 space-y-4"
              label={t("people.card.edit", { name: contact.name })}
              confirmInline
            >
              {({ errors, busy }) => (
                <>
                  <ContactFields key={editKey} idPrefix={`edit-${contact.id}`} values={contact} errors={errors} />
                  <Button type="submit" disabled={busy} className="w-full sm:w-auto">
                    {busy ? t("people.card.saving") : t("people.card.saveChanges")}
                  </Button>
                </>
              )}
            </TrainingForm>
          </details>
          <details className="w-full">
            <summary className="inline-flex h-9 cursor-pointer items-center rounded-lg px-3 text-sm font-semibold text-danger-600 ring-1 ring-red-200 hover:bg-red-50">
              {t("people.card.remove", { name: contact.name })}
            </summary>
            <TrainingForm
              intent="remove"
              contactId={contact.id}
              className="mt-3 space-y-3"
              label={t("people.card.remove", { name: contact.name })}
            >
              {({ busy }) => (
                <>
                  <input type="hidden" name="confirm" value="yes" />
                  <p className="text-base">{t("people.card.removeQuestion", { name: contact.name })}</p>
                  <Button type="submit" variant="danger" disabled={busy} className="w-full sm:w-auto">
                    {busy ? t("people.card.removing") : t("people.card.removeYes", { name: contact.name })}
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
