import { compose, type MailBranding } from "~/mail/templates";

/**
 * Sent once to an account's owner when so many wrong passwords were tried for it that signing in
 * with a password is paused (auth-limits.ts, failedLoginPerAccount). The button signs the owner in
 * once and ends the pause; nothing in it says where the guesses came from.
 */
export function signInLockedEmail(
  brand: MailBranding,
  input: { failures: number; minutes: number; signInUrl: string; linkMinutes: number },
) {
  return compose(brand, `Failed sign-in attempts on your ${brand.productName} account`, "Hello,", [
    {
      kind: "p",
      text: `Someone tried to sign in to your ${brand.productName} account with a wrong password ${input.failures} times in the last ${input.minutes} minutes.`,
    },
    {
      kind: "p",
      text: `They did not get in. To keep it that way, signing in with the password is paused for up to ${input.minutes} minutes, even with the right password. You can sign in now with this button (it works once, within ${input.linkMinutes} minutes):`,
    },
    { kind: "button", label: "Sign in to your account", url: input.signInUrl },
    {
      kind: "p",
      text: "If the guesses were not yours, choose a strong password that you use nowhere else:",
    },
    { kind: "button", label: "Reset your password", url: `${brand.siteUrl}/forgot-password` },
    { kind: "p", text: "We will never ask you for your password by email, text or phone." },
  ]);
}
