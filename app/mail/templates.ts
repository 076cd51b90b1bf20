/**
 * Every email we send, written in one place: plain text first (always readable), and simple HTML
 * built from the same paragraphs. Values are escaped; nothing here reads configuration itself.
 */
import { escapeHtml } from "~/text/html";

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

export interface MailBranding {
  productName: string;
  siteUrl: string;
  supportEmail: string;
}

export type Block = { kind: "p"; text: string } | { kind: "button"; label: string; url: string };

/** The words compose() adds around a message, in the language of the message. */
const FRAME = {
  en: { questions: "Questions?", paste: "Or paste this address into your browser:" },
  es: { questions: "¿Preguntas?", paste: "Si el botón no funciona, esta es la dirección:" },
} as const;

export type MailLanguage = keyof typeof FRAME;

export function compose(
  brand: MailBranding,
  subject: string,
  greeting: string,
  blocks: Block[],
  language: MailLanguage = "en",
): EmailContent {
  const frame = FRAME[language];
  const footer = `${brand.productName} · ${brand.siteUrl} · ${frame.questions} ${brand.supportEmail}`;
  const text = [
    greeting,
    "",
    ...blocks.flatMap((block) => (block.kind === "p" ? [block.text, ""] : [`${block.label}: ${block.url}`, ""])),
    "--",
    footer,
  ].join("\n");
  const body = blocks
    .map((block) =>
      block.kind === "p"
        ? `<p style="margin:0 0 16px">${escapeHtml(block.text)}</p>`
        : `<p style="margin:24px 0"><a href="${escapeHtml(block.url)}" style="background:#1749a6;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(block.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#475569">${frame.paste} ${escapeHtml(block.url)}</p>`,
    )
    .join("");
  // A complete document (lang, charset, title): receivers score a bare fragment as careless mail.
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head><body style="font-family:Arial,sans-serif;color:#1e293b;line-height:1.5;max-width:560px;margin:0 auto;padding:24px"><p style="font-size:20px;font-weight:bold;color:#163e85">${escapeHtml(brand.productName)}</p><p style="margin:0 0 16px">${escapeHtml(greeting)}</p>${body}<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0"><p style="font-size:12px;color:#475569">${escapeHtml(footer)}</p></body></html>`;
  return { subject, text, html };
}

export function passwordResetEmail(brand: MailBranding, input: { resetUrl: string; expiresInMinutes: number }) {
  return compose(brand, `Reset your ${brand.productName} password`, "Hello,", [
    { kind: "p", text: `Someone (we hope you) asked to reset the password for your ${brand.productName} account.` },
    { kind: "button", label: "Choose a new password", url: input.resetUrl },
    {
      kind: "p",
      text: `This link works once and expires in ${input.expiresInMinutes} minutes. When you set a new password, every other device signed in to your account is signed out.`,
    },
    {
      kind: "p",
      text: "If you did not ask for this, you can ignore this email: your password stays the same. We will never ask you for your password by email.",
    },
  ]);
}

export function passwordChangedEmail(brand: MailBranding) {
  return compose(brand, `Your ${brand.productName} password was changed`, "Hello,", [
    {
      kind: "p",
      text: `The password for your ${brand.productName} account was just changed, and other devices were signed out.`,
    },
    {
      kind: "p",
      text: `If this was not you, reset your password from the sign-in page right away and tell us at ${brand.supportEmail}.`,
    },
  ]);
}

export function welcomeEmail(brand: MailBranding) {
  return compose(brand, `Welcome to ${brand.productName}`, "Welcome!", [
    {
      kind: "p",
      text: "Your account is ready. The free course has 11 short lessons; reading one page a day together as a family works well.",
    },
    { kind: "button", label: "Start the free course", url: `${brand.siteUrl}/course` },
    {
      kind: "p",
      text: "A reminder we will repeat often: we will never ask for your password, a code, or payment by gift card.",
    },
  ]);
}

/**
 * Sent when an account is created, and again when its owner asks from My Account: the link proves
 * the address is theirs, which is what gives a family member the Training Program a relative paid for.
 */
export function confirmEmailEmail(brand: MailBranding, input: { confirmUrl: string; expiresInDays: number }) {
  return compose(brand, `Confirm your email address for ${brand.productName}`, "Hello,", [
    {
      kind: "p",
      text: `Welcome to ${brand.productName}! Please confirm that this email address is yours. If someone in your family bought the Training Program and named this address, confirming it is what opens it for you.`,
    },
    { kind: "button", label: "Confirm my email address", url: input.confirmUrl },
    {
      kind: "p",
      text: `The link works for ${input.expiresInDays} days. If you did not create an account, you can ignore this email and nothing will happen.`,
    },
    {
      kind: "p",
      text: "A reminder we will repeat often: we will never ask for your password, a code, or payment by gift card.",
    },
  ]);
}

/** Sent instead of an error when someone signs up with an address that already has an account. */
export function accountExistsEmail(brand: MailBranding) {
  return compose(brand, `Someone tried to create a ${brand.productName} account with your email`, "Hello,", [
    {
      kind: "p",
      text: `Someone just tried to create a new ${brand.productName} account with this email address. You already have one, so nothing was changed.`,
    },
    { kind: "button", label: "Sign in", url: `${brand.siteUrl}/auth` },
    { kind: "p", text: `Forgot your password? Choose a new one here: ${brand.siteUrl}/forgot-password` },
    { kind: "p", text: "If this was not you, you can ignore this email. Your account and password are unchanged." },
  ]);
}
