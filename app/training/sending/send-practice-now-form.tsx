import { useT } from "~/i18n/use-translation";
import { Button } from "~/ui/button";
import { useFetcherForm } from "~/ui/use-fetcher-form";
import { SEND_NOW_INTENT, sendPracticeNowSchemaFor, type SendPracticeNowResult } from "./send-practice-now";

/**
 * The button beside an active contact on /account/training, shown only when the loader says the
 * site is not in production (`sendPracticeMessageNow` refuses there anyway). It posts
 * intent=send-now and the contact's id to the page's own action; the answer shows as a toast.
 */
export function SendPracticeNowForm({ contactId, contactName }: { contactId: string; contactName: string }) {
  const t = useT();
  const { fetcher, formRef, onSubmit, busy } = useFetcherForm<SendPracticeNowResult>({
    validate: (form) => {
      const parsed = sendPracticeNowSchemaFor(t).safeParse(Object.fromEntries(new FormData(form)));
      return parsed.success
        ? null
        : {
            ok: false,
            intent: SEND_NOW_INTENT,
            status: 400,
            title: t("sendNow.couldNotSend"),
            message: parsed.error.issues[0]?.message ?? t("sendNow.tryAgain"),
          };
    },
  });
  return (
    <fetcher.Form ref={formRef} method="post" noValidate onSubmit={onSubmit}>
      <input type="hidden" name="intent" value={SEND_NOW_INTENT} />
      <input type="hidden" name="contactId" value={contactId} />
      <Button
        type="submit"
        variant="secondary"
        size="sm"
        disabled={busy}
        aria-label={t("sendNow.labelFor", { name: contactName })}
      >
        {t("sendNow.label")}
      </Button>
    </fetcher.Form>
  );
}
