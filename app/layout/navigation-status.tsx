import { useNavigation } from "react-router";

/**
 * While the server checks who you are before showing a page, say so (SPEC.md section 2's loading
 * texts): the page itself only renders once its loader has answered.
 */
const PENDING_TEXT: [prefix: string, text: string][] = [
  ["/checkout/success", "Activating your subscription..."],
  ["/checkout", "Verifying your account..."],
  ["/account", "Loading your account information..."],
  ["/weekly-lessons", "Loading..."],
  ["/course/", "Loading..."],
];

export function NavigationStatus() {
  const navigation = useNavigation();
  if (navigation.state !== "loading" || !navigation.location) return null;
  const path = navigation.location.pathname;
  const text = PENDING_TEXT.find(
    ([prefix]) => path === prefix || path.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`),
  )?.[1];
  if (!text) return null;
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
