import { isRouteErrorResponse, Link } from "react-router";
import { NotFoundScreen } from "./not-found-screen";

/**
 * What a visitor sees when a page cannot be shown: the 404 screen for a missing page, a plain
 * explanation for a request we refused on purpose (the action's own message when it gave one),
 * and a calm apology for our own failures. Never a stack trace or an internal message.
 */
function describe(error: unknown): { title: string; message: string } {
  if (!isRouteErrorResponse(error)) {
    return {
      title: "Something went wrong",
      message: "Something went wrong on our side. Please try again in a moment.",
    };
  }
  const given =
    typeof error.data === "string"
      ? error.data
      : typeof error.data?.message === "string"
        ? (error.data.message as string)
        : undefined;
  if (error.status >= 500) {
    return {
      title: "Something went wrong",
      message: given ?? "Something went wrong on our side. Please try again in a moment.",
    };
  }
  return {
    title: error.status === 403 ? "This request was refused" : "We could not do that",
    message: given ?? error.statusText ?? "Please go back and try again.",
  };
}

export function ErrorScreen({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  const { title, message } = describe(error);
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-brand-900">{title}</h1>
      <p className="mt-4 text-muted">{message}</p>
      <Link to="/" className="mt-8 inline-block font-semibold text-brand-700 underline">
        Return to Home
      </Link>
    </div>
  );
}
