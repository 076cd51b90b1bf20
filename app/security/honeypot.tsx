/**
 * A form field people never see or hear: it sits off-screen, is hidden from screen readers and is
 * skipped by the Tab key. Bots that fill in every field fill this one too, which gives them away.
 * The server decides what to do with such a post (see docs/decisions/007-community-and-staff.md).
 */
export function Honeypot({ name, idPrefix }: { name: string; idPrefix: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={`${idPrefix}-${name}`}>Leave this field empty</label>
      <input id={`${idPrefix}-${name}`} type="text" name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** True when the hidden field came back filled in (or in a shape no browser sends). */
export function isHoneypotFilled(value: unknown): boolean {
  if (value === undefined) return false;
  return typeof value !== "string" || value.trim() !== "";
}
