import { Link } from "react-router";

export function NotFoundScreen() {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-brand-600" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold text-brand-900">Oops! Page not found</h1>
      <p className="mt-3 text-muted">The page you were looking for does not exist or may have moved.</p>
      <Link
        to="/"
        className="mt-8 inline-flex h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
      >
        Return to Home
      </Link>
    </div>
  );
}
