import { X } from "lucide-react";
import type { ReactNode } from "react";
import { useNonce } from "~/security/nonce";
import FALLBACK_SCRIPT from "./invoker-commands-fallback.inline.ts?inline-script";

/**
 * A modal dialog that needs no script: the platform's `<dialog>`, opened by a button with
 * `command="show-modal"` (the Invoker Commands API) and closed by Escape or its Close button
 * (`command="close"`). The browser traps focus inside, shows the backdrop, and hands focus back to
 * the button that opened it. Pages that use one also render `<InvokerCommandsFallback />` once.
 */
export function NativeDialog({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <dialog
      id={id}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      className="m-auto max-h-[90vh] w-[min(42rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl bg-white p-6 text-ink shadow-xl backdrop:bg-slate-900/60"
    >
      <h2 id={`${id}-title`} className="pr-8 text-2xl font-bold text-brand-900">
        {title}
      </h2>
      <p id={`${id}-description`} className="mt-2 text-muted">
        {description}
      </p>
      <div className="mt-4">{children}</div>
      <button
        type="button"
        {...dialogCommand(id, "close")}
        aria-label="Close"
        className="absolute top-4 right-4 rounded-md p-1 text-muted hover:bg-slate-100"
      >
        <X aria-hidden="true" className="h-5 w-5" />
      </button>
    </dialog>
  );
}

/**
 * The attributes that make a button open or close a dialog by itself. React passes attributes it
 * does not know through as written, so they are spelled as HTML spells them.
 */
export function dialogCommand(dialogId: string, command: "show-modal" | "close"): Record<string, string> {
  return { commandfor: dialogId, command };
}

/** For browsers without the Invoker Commands API: the same two commands, in a few lines. */
export function InvokerCommandsFallback() {
  const nonce = useNonce();
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: FALLBACK_SCRIPT }} />;
}
