import { translatorFor, type Translate } from "~/i18n/translate";

/** SPEC.md section 8, account messages, in `t`'s language (/es/account, issue #39). */
export function accountBillingMessagesFor(t: Translate) {
  return {
    portalError: { title: t("billing.portalErrorTitle"), text: t("billing.portalError") },
    refreshError: { title: t("billing.refreshErrorTitle"), text: t("billing.refreshError") },
    refreshed: { title: t("billing.refreshedTitle") },
    loadError: { title: t("billing.loadErrorTitle"), text: t("billing.loadError") },
  };
}

/** The SPEC's English words. */
export const ACCOUNT_BILLING_MESSAGES = accountBillingMessagesFor(translatorFor("en"));
