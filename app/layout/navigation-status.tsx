import { useNavigation } from "react-router";
import { englishPathOf, localeOfPath } from "~/i18n/locales";
import type { MessageKey } from "~/i18n/messages/en";
import { translatorFor } from "~/i18n/translate";

/**
 * While the server checks who you are before showing a page, say so (SPEC.md section 2's loading
 * texts): the page itself only renders once its loader has answered.
 */
const PENDING_TEXT: [prefix: string, text: MessageKey][] = [
  ["/checkout/success", "loading.activating"],
  ["/checkout", "loading.verifying"],
  ["/account", "loading.account"],
  ["/weekly-lessons", "loading.page"],
  ["/course/", "loading.page"],
];

export function NavigationStatus() {
  const navigation = useNavigation();
  if (navigation.state !== "loading" || !navigation.location) return null;
  // In the language of the page being opened: /es/account waits in Spanish.
  const path = englishPathOf(navigation.location.pathname);
  const key = PENDING_TEXT.find(
    ([prefix]) => path === prefix || path.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`),
  )?.[1];
  if (!key) return null;
  const text = translatorFor(localeOfPath(navigation.location.pathname))(key);
  return (
    <div role="status" className="fixed inset-x-0 top-16 z-30 flex justify-center">
      <p className="mt-2 flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-medium text-ink shadow-md ring-1 ring-slate-200">
        <span
          aria-hidden="true"
          className="h-4 w-4 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700"
        />
        {text}
      </p>
    </div>
  );
}
