import { useEffect } from "react";
import { alreadyAnnounced, showResultToast } from "~/ui/result-toast";

/**
 * Shows a form result as a toast once per result object, unless the route's clientAction showed it
 * already (app/ui/result-toast.ts).
 */
export function useResultToast(result: { ok: boolean; title: string; message: string } | undefined | null) {
  useEffect(() => {
    if (!result || alreadyAnnounced(result)) return;
    showResultToast(result);
  }, [result]);
}
