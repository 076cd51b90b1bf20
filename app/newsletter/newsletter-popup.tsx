import { useNonce } from "~/security/nonce";
import { NativeDialog } from "~/ui/native-dialog";
import { NewsletterForm } from "./newsletter-form";
import { watchForPopupMoment } from "./popup-moment";

export const NEWSLETTER_POPUP_ID = "newsletter-popup";

// The watcher is plain DOM code with nothing outside its own body, so it ships as text: the home
// page needs no other script for it (decision 038).
const OPEN_WHEN_DUE = `(${watchForPopupMoment.toString()})(function () {
  var popup = document.getElementById(${JSON.stringify(NEWSLETTER_POPUP_ID)});
  if (popup && !popup.open) popup.showModal();
});`;

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
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: OPEN_WHEN_DUE }} />
    </>
  );
}
