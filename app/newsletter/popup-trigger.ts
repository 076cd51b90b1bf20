import { useEffect, useState } from "react";
import { popupDueBeforeHydration, POPUP_DUE_EVENT } from "~/hydration/deferred-hydration";
import { watchForPopupMoment } from "./popup-moment";

/**
 * Whether the newsletter pop-up is open (see `watchForPopupMoment` for when it opens). A home page
 * that hydrated on the visitor's first interaction has had the watcher running since it loaded, in
 * the small script that stood in for React; React then opens the pop-up when that script says so.
 */
export function useNewsletterPopupTrigger(): [boolean, () => void] {
  const [show, setShow] = useState(false);

  useEffect(() => {
    const handover = popupDueBeforeHydration();
    if (!handover) return watchForPopupMoment(() => setShow(true));
    const showIfDue = () => {
      if (handover.takeDue()) setShow(true);
    };
    showIfDue();
    window.addEventListener(POPUP_DUE_EVENT, showIfDue);
    return () => window.removeEventListener(POPUP_DUE_EVENT, showIfDue);
  }, []);

  return [show, () => setShow(false)];
}
