import { useCallback } from "react";
import { Dialog } from "~/ui/dialog";
import { NewsletterForm } from "./newsletter-form";

/** Loaded on demand by the home page, only for a visitor who has not seen it before. */
export default function NewsletterPopup({ onClose }: { onClose: () => void }) {
  const close = useCallback(() => onClose(), [onClose]);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && close()}
      title="Get free scam alerts"
      description="One short email when a new scam is going around, with what to look out for. No spam, and you can unsubscribe with one click."
    >
      <NewsletterForm source="popup" idPrefix="popup-newsletter" onSubscribed={close} />
    </Dialog>
  );
}
