/**
 * Sign-up asks for no name, but better-auth needs one, so every account starts with the email's
 * local part as a stand-in ("family29164" for family29164@example.com). That is not a name to
 * offer back on a form or print on a receipt: treat it as no name.
 */
export function realNameOf(user: { name: string | null | undefined; email: string }): string {
  const name = (user.name ?? "").trim();
  const localPart = user.email.split("@")[0] ?? "";
  return name.toLowerCase() === localPart.trim().toLowerCase() ? "" : name;
}
