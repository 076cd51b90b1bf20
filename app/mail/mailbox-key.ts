/**
 * The one mailbox an email address reaches, as a key for refusals and per-address limits (never
 * as the address we send to: mail still goes to the address as typed).
 *
 * Why: "name+1@example.com" and "name+again@example.com" land in the same inbox as
 * "name@example.com", so a refusal or a limit keyed on the typed address was sidestepped by adding
 * a tag. Gmail also ignores dots in the local part and treats googlemail.com as gmail.com.
 * Phone numbers (E.164) are their own key.
 */
const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

export function mailboxKey(address: string): string {
  const trimmed = address.trim();
  const at = trimmed.lastIndexOf("@");
  if (at === -1) return trimmed;
  const domain = trimmed
    .slice(at + 1)
    .toLowerCase()
    .replace(/\.$/, "");
  let local = trimmed.slice(0, at).toLowerCase();
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) return `${local.replaceAll(".", "")}@gmail.com`;
  return `${local}@${domain}`;
}
