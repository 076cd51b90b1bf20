import { useEffect } from "react";
import { toast } from "~/ui/toast";

/** Shows a form result as a toast once per result object. */
export function useResultToast(result: { ok: boolean; title: string; message: string } | undefined | null) {
  useEffect(() => {
    if (!result) return;
    if (result.ok) toast.success(result.title, { description: result.message });
    else toast.error(result.title, { description: result.message });
  }, [result]);
}
