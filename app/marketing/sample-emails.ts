import type { TrainerMessage } from "~/red-flag-trainer/candidates";
import type { RedFlag } from "~/training/library/practice-scenario-schema";

/**
 * Four practice phishing emails for the pricing and home pages, one of each kind SPEC.md names.
 * They follow the practice library's safety rules (content/practice/README.md): invented senders,
 * no real brand, only reserved `.example` domains (nobody can register them) and only the
 * fictional 555-01xx phone numbers, so a visitor who copies a link or dials a number reaches no
 * real scammer. Their red flags are written like the library's: an exact quote, why it matters,
 * the public red-flag page of its kind and the course page that teaches it, so the free taste can
 * run them as trainer rounds.
 */
export interface SampleRedFlag extends RedFlag {
  /** The course page's title (checked against the course in tests/unit/sample-emails.test.ts). */
  courseTitle: string;
}

export interface SampleEmail {
  id: string;
  kind: string;
  /** "Display Name <address>". */
  from: string;
  subject: string;
  /** Paragraphs. */
  body: string[];
  redFlags: SampleRedFlag[];
}

export const SAMPLE_EMAILS: SampleEmail[] = [
  {
    id: "account-compromised",
    kind: "Account compromised",
    from: "Security Team <alerts@secure-acount-verify.example>",
    subject: "URGENT: Your account has been compromised",
    body: [
      "We detected an unusual sign-in to your account from another country.",
      "Your account will be locked in 24 hours unless you confirm your identity using the link below.",
      "Verify now: http://secure-acount-verify.example/login",
    ],
    redFlags: [
      {
        quote: "secure-acount-verify.example",
        in: "from",
        why: "Look closely: 'acount' is missing a 'c'. Scammers pick addresses that look right at a glance.",
        coursePage: 27,
        page: "look-alike-senders-and-links",
        courseTitle: "Spotting Phishing",
      },
      {
        quote: "URGENT",
        in: "subject",
        why: "Capital letters and alarm in the subject are there to make you act before you think.",
        coursePage: 11,
        page: "deadlines",
        courseTitle: "Urgency and the 24-Hour Rule",
      },
      {
        quote: "Your account will be locked in 24 hours unless you confirm your identity using the link below.",
        in: "body",
        why: "A deadline and a threat together are meant to rush you. A real service gives you time and lets you check.",
        coursePage: 11,
        page: "deadlines",
        courseTitle: "Urgency and the 24-Hour Rule",
      },
      {
        quote: "http://secure-acount-verify.example/login",
        in: "body",
        why: "A sign-in link in an alarming email. Open the real app, or type the website's address yourself, instead.",
        coursePage: 27,
        page: "look-alike-senders-and-links",
        courseTitle: "Spotting Phishing",
      },
    ],
  },
  {
    id: "tax-refund",
    kind: "Tax refund with attachment",
    from: "Tax Refund Office <refunds@tax-return-center.example>",
    subject: "You are owed a tax refund of $842.17",
    body: [
      "After the yearly calculation of your tax activity we have found you are eligible for a refund.",
      "Open the attached form to claim it within 3 days: Refund_Claim_Form.exe",
    ],
    redFlags: [
      {
        quote: "tax-return-center.example",
        in: "from",
        why: "A tax office writes from its own government address, not from a made-up website name.",
        coursePage: 27,
        page: "look-alike-senders-and-links",
        courseTitle: "Spotting Phishing",
      },
      {
        quote: "You are owed a tax refund of $842.17",
        in: "subject",
        why: "Tax offices do not send surprise emails offering money back; they write by post or show it in your online tax account.",
        coursePage: 26,
        page: "surprise-bills",
        courseTitle: "What Is Phishing?",
      },
      {
        quote: "within 3 days",
        in: "body",
        why: "A short claim window is there to rush you, so you do not stop and check.",
        coursePage: 11,
        page: "deadlines",
        courseTitle: "Urgency and the 24-Hour Rule",
      },
      {
        quote: "Refund_Claim_Form.exe",
        in: "body",
        why: "A file ending in .exe is a program, not a form. Opening it could install something harmful.",
        coursePage: 5,
        page: "attachments",
        courseTitle: "The Digital Revolution: Scams Go Online",
      },
    ],
  },
  {
    id: "tech-support-call",
    kind: "Fake tech support phone call",
    from: "Computer Care Desk <support@pc-protect-helpline.example>",
    subject: "Virus detected on your computer - call now",
    body: [
      "Our system has detected 5 viruses on your device. Your photos and bank details are at risk.",
      "Do not turn off your computer. Call our certified technicians now at (202) 555-0143 to remove them.",
    ],
    redFlags: [
      {
        // The sender is the first thing a careful reader doubts, so it is counted (issue #35).
        quote: "pc-protect-helpline.example",
        in: "from",
        why: "A helpline you never contacted is writing to you about your computer. Real tech companies do not email you out of the blue to say something is wrong with it.",
        coursePage: 19,
        page: "look-alike-senders-and-links",
        courseTitle: "Computer Virus and Grandparent Scams",
      },
      {
        quote: "Our system has detected 5 viruses on your device.",
        in: "body",
        why: "Nobody can see viruses on your computer by sending you an email.",
        coursePage: 19,
        page: "fake-emergencies",
        courseTitle: "Computer Virus and Grandparent Scams",
      },
      {
        quote: "Your photos and bank details are at risk.",
        in: "body",
        why: "A scary warning is meant to make you panic, and a panicked person does not stop to check.",
        coursePage: 9,
        page: "threats",
        courseTitle: "How Scammers Use Our Feelings",
      },
      {
        quote: "Do not turn off your computer.",
        in: "body",
        why: "Turning the computer off is safe. Being told not to keeps you worried and on the line.",
        coursePage: 19,
        page: "fake-emergencies",
        courseTitle: "Computer Virus and Grandparent Scams",
      },
      {
        quote: "Call our certified technicians now at (202) 555-0143",
        in: "body",
        why: "Real support never asks you to call a number from a surprise message. Use the number on the company's own website.",
        coursePage: 19,
        page: "fake-emergencies",
        courseTitle: "Computer Virus and Grandparent Scams",
      },
    ],
  },
  {
    id: "shared-document",
    kind: "Fake shared document",
    from: "Document Share <no-reply@docs-share-online.example>",
    subject: 'Grandma shared "Family Reunion Photos" with you',
    body: [
      "A document has been shared with you. Sign in with your email password to view it.",
      "Open document: http://docs-share-online.example/view?file=8812",
    ],
    redFlags: [
      {
        quote: "Grandma",
        in: "subject",
        why: "A family name makes a message feel safe. Check with the sender another way, such as a phone call, before opening anything.",
        coursePage: 9,
        page: "copycat-friends",
        courseTitle: "How Scammers Use Our Feelings",
      },
      {
        quote: "Sign in with your email password to view it.",
        in: "body",
        why: "Opening a shared file never needs your email password. A page that asks for it wants to steal it.",
        coursePage: 38,
        page: "passwords-and-codes",
        courseTitle: "Strong Passwords",
      },
      {
        quote: "http://docs-share-online.example/view?file=8812",
        in: "body",
        why: "The link goes to a website you do not know, not to a file-sharing service you use.",
        coursePage: 27,
        page: "look-alike-senders-and-links",
        courseTitle: "Spotting Phishing",
      },
    ],
  },
];

/**
 * The titles of the public red-flag pages (content/red-flags/<slug>.md, /red-flags/<slug>) these
 * samples' red flags name: the free taste's "Learn more" runs in the browser, where the pages' own
 * list is not, so they are written out here and checked against the pages in
 * tests/unit/red-flag-pages.test.ts.
 */
export const SAMPLE_RED_FLAG_PAGES: Readonly<Record<string, string>> = {
  attachments: "Surprise attachments",
  "copycat-friends": "Copycat friends, quizzes and giveaways",
  deadlines: "Deadlines and countdowns",
  "fake-emergencies": "Fake emergencies: a virus or family in trouble",
  "look-alike-senders-and-links": "Look-alike senders and links",
  "passwords-and-codes": "Requests for passwords and codes",
  "surprise-bills": "Surprise bills and account alerts",
  threats: "Threats and scary news",
};

/**
 * The free taste's three rounds: a look-alike sender and a sign-in link, a program disguised as a
 * form, and a phone number to call. The shared-document email teaches the first lesson again
 * (a link and a password request), so it is the one left out (docs/decisions/016-red-flag-trainer.md).
 */
export const TASTE_ROUND_IDS = ["account-compromised", "tax-refund", "tech-support-call"] as const;

const ADDRESS = /^(.*?)\s*<([^>]+)>$/;
const URL = /https?:\/\/\S+/g;

/** A sample email as a trainer message (the addresses in the body drawn as links). */
export function sampleTrainerMessage(email: SampleEmail): TrainerMessage {
  const [, name, address] = ADDRESS.exec(email.from) ?? [null, email.from, email.from];
  const body = email.body.join("\n\n");
  return {
    channel: "email",
    from: { name: name!, address: address! },
    subject: email.subject,
    body,
    links: [...body.matchAll(URL)].map((match) => ({ start: match.index, end: match.index + match[0].length })),
    redFlags: email.redFlags,
  };
}
