import { cn } from "./cn";

/** The outcome of a form post, shown in the page (the toast may be missed, or JavaScript off). */
export function FormMessage({ result }: { result?: { ok: boolean; title: string; message: string } | null }) {
  if (!result) return null;
  return (
    <div
      role={result.ok ? "status" : "alert"}
      className={cn(
        "rounded-lg px-4 py-3 text-sm",
        result.ok ? "bg-safe-50 text-safe-600" : "bg-red-50 text-danger-600",
      )}
    >
      <p className="font-semibold">{result.title}</p>
      <p>{result.message}</p>
    </div>
  );
}
