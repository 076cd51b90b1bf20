import { compose, type MailBranding } from "~/mail/templates";

/** Header values must stay on one line whatever a visitor typed. */
function oneLine(value: string, max = 120) {
  const flat = value.replace(/[\r\n\t]+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** To the support team: everything the visitor wrote, with priority marked for active members. */
export function supportRequestEmail(
  brand: MailBranding,
  input: { id: string; name: string; email: string; subject: string | null; message: string; priority: boolean },
) {
  const subject = `${input.priority ? "[Priority] " : ""}Support request: ${oneLine(input.subject ?? "(no subject)")} (from ${oneLine(input.name, 60)})`;
  return compose(brand, subject, "New support request", [
    {
      kind: "p",
      text: input.priority
        ? "PRIORITY: this person has an active Training Program subscription."
        : "From a visitor without an active subscription.",
    },
    { kind: "p", text: `Name: ${input.name}` },
    { kind: "p", text: `Email: ${input.email} (reply to this email to answer them)` },
    { kind: "p", text: `Subject: ${input.subject ?? "(none)"}` },
    { kind: "p", text: `Message:\n${input.message}` },
    { kind: "button", label: "Open the support inbox", url: `${brand.siteUrl}/staff/support` },
    { kind: "p", text: `Request id: ${input.id}` },
  ]);
}

/**
 * To the sender. It repeats nothing they typed: anyone can enter any address in the form, so
 * echoing their words would let strangers use us to send their text to someone else.
 */
export function supportConfirmationEmail(brand: MailBranding) {
  return compose(brand, `We received your message to ${brand.productName} support`, "Hello,", [
    {
      kind: "p",
      text: `Thanks for writing to ${brand.productName} support. We got your message and will reply to this address.`,
    },
    { kind: "p", text: "We typically reply within 24 business hours." },
    {
      kind: "p",
      text: "If you did not contact us, you can ignore this email. We will never ask for your password, a code, or payment by gift card.",
    },
  ]);
}
