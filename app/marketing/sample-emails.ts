/**
 * Four practice phishing emails shown on the pricing cards. Invented senders only: practice scams
 * never impersonate a real brand. Each lists the red flags a member would be shown afterwards.
 */
export interface SampleEmail {
  id: string;
  kind: string;
  from: string;
  subject: string;
  body: string[];
  redFlags: string[];
}

export const SAMPLE_EMAILS: SampleEmail[] = [
  {
    id: "account-compromised",
    kind: "Account compromised",
    from: "Security Team <alerts@secure-acount-verify.net>",
    subject: "URGENT: Your account has been compromised",
    body: [
      "We detected an unusual sign-in to your account from another country.",
      "Your account will be locked in 24 hours unless you confirm your identity using the link below.",
      "Verify now: http://secure-acount-verify.net/login",
    ],
    redFlags: [
      "Misspelled sender address ('acount')",
      "A deadline meant to rush you",
      "A link instead of telling you to open the app or website yourself",
    ],
  },
  {
    id: "tax-refund",
    kind: "Tax refund with attachment",
    from: "Tax Refund Office <refunds@tax-return-center.info>",
    subject: "You are owed a tax refund of $842.17",
    body: [
      "After the yearly calculation of your tax activity we have found you are eligible for a refund.",
      "Open the attached form to claim it within 3 days: Refund_Claim_Form.exe",
    ],
    redFlags: [
      "Tax agencies do not email you about refunds out of the blue",
      "An attachment that is a program (.exe), not a document",
      "A short claim window",
    ],
  },
  {
    id: "tech-support-call",
    kind: "Fake tech support phone call",
    from: "Computer Care Desk <support@pc-protect-helpline.com>",
    subject: "Virus detected on your computer - call now",
    body: [
      "Our system has detected 5 viruses on your device. Your photos and bank details are at risk.",
      "Do not turn off your computer. Call our certified technicians now at 1-888-555-0199 to remove them.",
    ],
    redFlags: [
      "Nobody can see viruses on your computer from an email",
      "Scary warnings and a phone number to call",
      "Real support never asks you to call an unknown number",
    ],
  },
  {
    id: "shared-document",
    kind: "Fake shared document",
    from: "Document Share <no-reply@docs-share-online.co>",
    subject: "Grandma shared \"Family Reunion Photos\" with you",
    body: [
      "A document has been shared with you. Sign in with your email password to view it.",
      "Open document: http://docs-share-online.co/view?file=8812",
    ],
    redFlags: [
      "It asks for your email password to open a file",
      "The link goes to an unknown website",
      "Check with the sender another way before opening",
    ],
  },
];
