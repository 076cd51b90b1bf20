import { useNonce } from "~/security/nonce";
import { NativeDialog } from "~/ui/native-dialog";
import { NewsletterForm } from "./newsletter-form";
import OPEN_WHEN_DUE from "./popup-moment.inline.ts?inline-script";

export const NEWSLETTER_POPUP_ID = "newsletter-popup";

/**
 * The home page's newsletter pop-up: a native dialog with the sign-up form (a plain form post, as
 * the home page's own), opened once per visitor by a small inline script when the moment comes
 * (see `watchForPopupMoment`).
 */
export function NewsletterPopup() {
  const nonce = useNonce();
  return (
    <>
      <NativeDialog
        id={NEWSLETTER_POPUP_ID}
        title="Get free scam alerts"
        description="One short email when a new scam is going around, with what to look out for. No spam, and every email has a link to unsubscribe."
      >
        <NewsletterForm source="popup" idPrefix="popup-newsletter" />
      </NativeDialog>
      {/* The watcher is plain DOM code (popup-moment.inline.ts): the home page needs no other script for it (decision 038). */}
      <script nonce={nonce} data-dialog={NEWSLETTER_POPUP_ID} dangerouslySetInnerHTML={{ __html: OPEN_WHEN_DUE }} />
    </>
  );
}
