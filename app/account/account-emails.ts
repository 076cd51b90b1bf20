import { compose, type MailBranding } from "~/mail/templates";

/**
 * Sent to an account's owner when many wrong passwords were tried for it in a short time (once per
 * window). Sign-in stays open for the owner: only the addresses that guessed are paused.
 */
export function signInFailuresEmail(brand: MailBranding, input: { failures: number; minutes: number }) {
  return compose(brand, `Failed sign-in attempts on your ${brand.productName} account`, "Hello,", [
    {
      kind: "p",
      text: `Someone tried to sign in to your ${brand.productName} account with a wrong password ${input.failures} times in the last ${input.minutes} minutes.`,
    },
    {
      kind: "p",
      text: "They did not get in. We have paused sign-in from the addresses that kept guessing; you can still sign in as usual from your own devices.",
    },
    {
      kind: "p",
      text: "If this was you, there is nothing to do. If it was not, choose a strong password that you use nowhere else:",
    },
    { kind: "button", label: "Reset your password", url: `${brand.siteUrl}/forgot-password` },
    { kind: "p", text: "We will never ask you for your password by email, text or phone." },
  ]);
}
