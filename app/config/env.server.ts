import { z } from "zod";

/**
 * The one place that reads process.env. Every setting the site understands is declared here with
 * its default, so `npm start` on a fresh machine needs none of them. README.md lists them all.
 */
const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /**
   * "local" (default): demo payments, the local mailbox at /dev/mailbox and a generated auth secret
   * are allowed, so a fresh clone runs with nothing configured. "production": a real deployment;
   * those conveniences are refused and missing secrets are errors.
   */
  APP_ENV: z.enum(["local", "production"]).default("local"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to listen on. Unset: 127.0.0.1 in local mode (the local mailbox stays on this machine), 0.0.0.0 in production. */
  HOST: optionalString,
  /** Public address people reach the site on; used in links inside emails and for origin checks. */
  APP_URL: optionalString.pipe(z.url().optional()),
  /** Folder for the embedded PGlite database (used when DATABASE_URL is not set). */
  DATA_DIR: z.string().default("./data"),
  /** A real PostgreSQL server, e.g. postgres://user:pass@host:5432/scamfree. */
  DATABASE_URL: optionalString,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Express "trust proxy" setting: the number of proxies in front of the app (0 = none). */
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  /** Address shown on the site and used as the reply-to/recipient for support mail. */
  SUPPORT_EMAIL: z.email().default("support@scam-free.example"),
  /** MailerLite API token. Set: newsletter subscribers are also sent to MailerLite (our table stays the source of truth). */
  MAILERLITE_API_KEY: optionalString,
  /** MailerLite API address (tests point it at a local fake). */
  MAILERLITE_API_URL: optionalString
    .pipe(z.url().optional())
    .transform((value) => (value ?? "https://connect.mailerlite.com").replace(/\/+$/, "")),
  /** MailerLite group new subscribers join. */
  MAILERLITE_GROUP_ID: optionalString,
  /** Outgoing mail server, e.g. smtp://user:pass@smtp.example.com:587. Unset: the local mailbox. */
  SMTP_URL: optionalString.pipe(z.url().optional()),
  /** The From line of every email we send. */
  MAIL_FROM: z.string().default("scam-free <no-reply@scam-free.example>"),
  /** Secret that signs sessions; at least 32 characters. Unset outside production: generated and kept in DATA_DIR. */
  AUTH_SECRET: optionalString.pipe(z.string().min(32).optional()),
  /** Stripe secret API key (sk_live_... or sk_test_...). With the three below it switches payments to Stripe. */
  STRIPE_SECRET_KEY: optionalString,
  /** Signing secret of the webhook endpoint pointing at /api/webhooks/stripe (whsec_...). */
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Stripe Price id of the monthly Training Program ($10). */
  STRIPE_PRICE_PREMIUM: optionalString,
  /** Stripe Price id of the monthly Family Training ($25). */
  STRIPE_PRICE_FAMILY: optionalString,
  /** Another Stripe API address (e.g. stripe-mock on http://127.0.0.1:12111); tests use it. */
  STRIPE_API_BASE: optionalString.pipe(z.url().optional()),
  /** Twilio account SID (AC…). With the two below it sends text messages through Twilio. */
  TWILIO_ACCOUNT_SID: optionalString,
  /** Twilio auth token; also checks the signature of inbound texts at /api/webhooks/twilio. */
  TWILIO_AUTH_TOKEN: optionalString,
  /**
   * The sender: one or more Twilio phone numbers in E.164, comma-separated
   * (+15551230001,+15551230002), or a Messaging Service SID (MG…). Practice texts come from
   * several numbers so a family does not learn "the practice number": each scenario keeps one of
   * them (a scam told in steps comes from one number), and the notices list them all.
   */
  TWILIO_FROM: optionalString.pipe(
    z
      .string()
      .regex(
        /^(?:\+[1-9]\d{6,14}(?:\s*,\s*\+[1-9]\d{6,14})*|MG[0-9a-fA-F]{32})$/,
        "one or more E.164 phone numbers, comma-separated (+15551234567,+15551234568), or a Messaging Service SID (MG…)",
      )
      .optional(),
  ),
  /**
   * A Twilio Messaging Service (MG…) to send through instead, with its own sender pool (the
   * alternative for scale). TWILIO_FROM may then list the pool's numbers, for the notices.
   */
  TWILIO_MESSAGING_SERVICE_SID: optionalString.pipe(
    z
      .string()
      .regex(/^MG[0-9a-fA-F]{32}$/, "a Messaging Service SID (MG followed by 32 hex digits)")
      .optional(),
  ),
  /** Another Twilio REST API address; tests point it at their fake Twilio server. */
  TWILIO_API_BASE: optionalString.pipe(z.url().optional()),
  /**
   * "on" (default): anonymous visits to public pages are answered from an in-process cache of the
   * rendered page, with ETag and CDN headers (docs/decisions/019-anonymous-page-cache.md). "off":
   * every page is rendered afresh. Development never caches.
   */
  PAGE_CACHE: z
    .enum(["on", "off"])
    .default("on")
    .transform((value) => value === "on"),
  /**
   * Limits that make the Training Program useless as a relay (docs/decisions/025): notices to one
   * address in 30 days across all families; new addresses one account holder may enter in a day;
   * practice messages to one address in a week ("Send a practice message now" included). Tests
   * that send many messages to one address raise the last.
   */
  PRACTICE_NOTICES_PER_ADDRESS: z.coerce.number().int().min(1).max(100).default(3),
  PRACTICE_NEW_ADDRESSES_PER_DAY: z.coerce.number().int().min(1).max(1000).default(10),
  PRACTICE_MESSAGES_PER_ADDRESS_PER_WEEK: z.coerce.number().int().min(1).max(1000).default(2),
  /**
   * A practice link opened within this many seconds of delivery is flagged as a mail scanner's,
   * never a fall (no person reads an email and taps its link that fast). Browser tests shorten it
   * so they need not wait ten seconds.
   */
  PRACTICE_SCANNER_WINDOW_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  /**
   * How many days a person has to answer a practice message before the family results count its
   * silence: until then it shows "Waiting" and counts in no rate, instead of "No response" minutes
   * after it went out.
   */
  PRACTICE_RESPONSE_WINDOW_DAYS: z.coerce.number().int().min(1).max(30).default(3),
  /**
   * The Training Program's own sending domain and link origin, apart from the site's, so that a
   * browser's phishing warning or a spam complaint about a practice message lands on them and never
   * on the main site. Practice emails leave from `<scenario sender>@PRACTICE_MAIL_DOMAIN`; their
   * links and landing and feedback pages are on PRACTICE_LINK_ORIGIN (the same server, told apart by
   * the host name). Local defaults: `practice.scam-free.test`, and APP_URL with its loopback name
   * swapped (localhost ↔ 127.0.0.1). Production sends no practice message without both.
   */
  PRACTICE_MAIL_DOMAIN: optionalString.pipe(
    z
      .string()
      .toLowerCase()
      .regex(
        /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{1,62}$/,
        "a domain name such as practice-mail.example.org",
      )
      .optional(),
  ),
  PRACTICE_LINK_ORIGIN: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /**
   * Signs the raw emails POSTed to /api/webhooks/inbound-email (an HMAC-SHA256 of the body, in
   * X-Scam-Free-Signature): reports of practice messages forwarded to the report address. Unset
   * with APP_ENV=production: the endpoint is off. Local mode uses a fixed development secret, so
   * the local mailbox's "Forward to report" works with nothing set.
   */
  INBOUND_EMAIL_SECRET: optionalString.pipe(z.string().min(32).optional()),
  /** The local part of the address people forward practice emails to: `<this>@PRACTICE_MAIL_DOMAIN`. */
  PRACTICE_REPORT_LOCAL_PART: z
    .string()
    .regex(/^[a-z0-9](?:[a-z0-9._-]{0,38}[a-z0-9])?$/, "the part before the @, such as report")
    .default("report"),
  /**
   * Optional DKIM signing of practice emails (domain: PRACTICE_MAIL_DOMAIN), with nodemailer's own
   * DKIM support: the PEM private key (literal "\n" sequences are read as line breaks, for hosts
   * that keep settings on one line) and the selector of its public key's DNS record. Both or neither.
   */
  DKIM_PRIVATE_KEY: optionalString.transform((value) => value?.replaceAll("\\n", "\n")),
  DKIM_SELECTOR: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9](?:[a-z0-9-]{0,62})$/i, "a DNS label such as practice2026")
      .optional(),
  ),
  /**
   * Optional DKIM signing of the site's own mail (domain: MAIL_FROM's), the same way as practice
   * mail: PEM private key and selector, both or neither. Leave unset when the mail provider signs.
   */
  SITE_DKIM_PRIVATE_KEY: optionalString.transform((value) => value?.replaceAll("\\n", "\n")),
  SITE_DKIM_SELECTOR: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9](?:[a-z0-9-]{0,62})$/i, "a DNS label such as site2026")
      .optional(),
  ),
  /**
   * A new sending domain's warm start (issue #40): on the first day practice email is sent at most
   * this many practice emails go out, doubling each day after (20, 40, 80 …); the rest wait their
   * turn, in order. 0 turns the warm start off (a domain that is already warm).
   */
  PRACTICE_WARMUP_START: z.coerce.number().int().min(0).max(100_000).default(20),
  /** Start the background workers (mail delivery) in this process. */
  WORKERS: z
    .enum(["on", "off"])
    .default("on")
    .transform((value) => value === "on"),
});

const STRIPE_SETTINGS = [
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_PRICE_PREMIUM",
  "STRIPE_PRICE_FAMILY",
] as const;

const TWILIO_SETTINGS = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"] as const;

/** Where texts come from: the numbers (shown to families), and the Messaging Service, if any. */
export interface TextSenders {
  numbers: string[];
  messagingServiceSid: string | null;
}

function textSenders(env: { TWILIO_FROM?: string; TWILIO_MESSAGING_SERVICE_SID?: string }): TextSenders | null {
  const from = env.TWILIO_FROM ?? "";
  const service = env.TWILIO_MESSAGING_SERVICE_SID ?? (from.startsWith("MG") ? from : null);
  const numbers = from.startsWith("+") ? [...new Set(from.split(",").map((number) => number.trim()))] : [];
  return numbers.length || service ? { numbers, messagingServiceSid: service } : null;
}

/**
 * How payments work here: "stripe" when all four Stripe settings are present; "demo" (a local
 * checkout page, no money moves) when none are and this is not production; "unconfigured" when a
 * production site has no Stripe keys, so checkout refuses clearly instead of pretending.
 */
export type PaymentMode = "stripe" | "demo" | "unconfigured";

export type Env = Omit<z.infer<typeof EnvSchema>, "HOST"> & {
  HOST: string;
  paymentMode: PaymentMode;
  APP_URL: string;
  /** A real deployment (APP_ENV=production). */
  isProduction: boolean;
  /** The public address is HTTPS: secure cookies, HSTS and upgrade-insecure-requests apply. */
  isHttps: boolean;
  /** Where practice messages come from and link to; null when production lacks the settings. */
  practice: { mailDomain: string; linkOrigin: string } | null;
  /** Twilio's senders when Twilio is configured (TWILIO_FROM, TWILIO_MESSAGING_SERVICE_SID). */
  twilio: TextSenders | null;
};

/** The local mailbox signs its "Forward to report" with this when INBOUND_EMAIL_SECRET is unset. */
const LOCAL_INBOUND_EMAIL_SECRET = "local-only-inbound-email-secret-for-the-dev-mailbox";

/** The inbound email secret, or null when the endpoint is off (production without one). */
export function inboundEmailSecret(): string | null {
  const env = getEnv();
  return env.INBOUND_EMAIL_SECRET ?? (env.isProduction ? null : LOCAL_INBOUND_EMAIL_SECRET);
}

export const PRACTICE_SETTINGS_MISSING =
  "Practice messages are not sent: set PRACTICE_MAIL_DOMAIN and PRACTICE_LINK_ORIGIN (a domain of their own, apart from APP_URL's; see the README's deploy section).";

/** The local default practice origin: APP_URL on the other loopback name, so the browser keeps their cookies apart. */
function localPracticeOrigin(appUrl: string): string {
  const url = new URL(appUrl);
  url.hostname = url.hostname === "localhost" ? "127.0.0.1" : "localhost";
  return url.origin;
}

function practiceSettings(env: z.infer<typeof EnvSchema>, appUrl: string): Env["practice"] {
  const configured = env.PRACTICE_LINK_ORIGIN ? new URL(env.PRACTICE_LINK_ORIGIN).origin : undefined;
  if (configured && new URL(configured).host === new URL(appUrl).host) {
    throw new Error(
      "Invalid configuration:\n  PRACTICE_LINK_ORIGIN must be another host than APP_URL's: practice pages are kept apart from the site.",
    );
  }
  if (env.APP_ENV === "production") {
    return env.PRACTICE_MAIL_DOMAIN && configured
      ? { mailDomain: env.PRACTICE_MAIL_DOMAIN, linkOrigin: configured }
      : null;
  }
  return {
    mailDomain: env.PRACTICE_MAIL_DOMAIN ?? "practice.scam-free.test",
    linkOrigin: configured ?? localPracticeOrigin(appUrl),
  };
}

let cached: Env | undefined;

/**
 * `NODE_ENV=` or `STRIPE_SECRET_KEY=""` means "not set", as people who write them intend: an
 * empty value never fails validation or half-configures a provider.
 */
function withoutEmptyValues(source: NodeJS.ProcessEnv): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if (value !== undefined && value.trim() !== "") result[key] = value;
  }
  return result;
}

export function getEnv(): Env {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(withoutEmptyValues(process.env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const env = parsed.data;
  const stripeSet = STRIPE_SETTINGS.filter((key) => env[key]);
  if (stripeSet.length > 0 && stripeSet.length < STRIPE_SETTINGS.length) {
    const missing = STRIPE_SETTINGS.filter((key) => !env[key]);
    throw new Error(`Invalid configuration:\n  Stripe needs all four settings; missing: ${missing.join(", ")}`);
  }
  // TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID names the sender.
  const twilioEnv = { ...env, TWILIO_FROM: env.TWILIO_FROM ?? env.TWILIO_MESSAGING_SERVICE_SID };
  const twilioSet = TWILIO_SETTINGS.filter((key) => twilioEnv[key]);
  if (twilioSet.length > 0 && twilioSet.length < TWILIO_SETTINGS.length) {
    const missing = TWILIO_SETTINGS.filter((key) => !twilioEnv[key]);
    throw new Error(`Invalid configuration:\n  Twilio needs all three settings; missing: ${missing.join(", ")}`);
  }
  if (Boolean(env.DKIM_PRIVATE_KEY) !== Boolean(env.DKIM_SELECTOR)) {
    throw new Error("Invalid configuration:\n  DKIM needs both DKIM_PRIVATE_KEY and DKIM_SELECTOR.");
  }
  if (env.DKIM_PRIVATE_KEY && !env.DKIM_PRIVATE_KEY.includes("PRIVATE KEY-----")) {
    throw new Error(
      "Invalid configuration:\n  DKIM_PRIVATE_KEY must be a PEM private key (-----BEGIN PRIVATE KEY-----).",
    );
  }
  if (Boolean(env.SITE_DKIM_PRIVATE_KEY) !== Boolean(env.SITE_DKIM_SELECTOR)) {
    throw new Error("Invalid configuration:\n  Site DKIM needs both SITE_DKIM_PRIVATE_KEY and SITE_DKIM_SELECTOR.");
  }
  if (env.SITE_DKIM_PRIVATE_KEY && !env.SITE_DKIM_PRIVATE_KEY.includes("PRIVATE KEY-----")) {
    throw new Error(
      "Invalid configuration:\n  SITE_DKIM_PRIVATE_KEY must be a PEM private key (-----BEGIN PRIVATE KEY-----).",
    );
  }
  // Otherwise the site starts and answers /healthz, then every sign-in fails (a local run generates
  // its secret instead; see authSecret()). Refused here, at start, like a missing SMTP_URL.
  if (env.APP_ENV === "production" && !env.AUTH_SECRET) {
    throw new Error("Invalid configuration:\n  AUTH_SECRET (32+ characters) must be set when APP_ENV=production.");
  }
  const paymentMode: PaymentMode =
    stripeSet.length > 0 ? "stripe" : env.APP_ENV === "production" ? "unconfigured" : "demo";
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  cached = {
    ...env,
    paymentMode,
    APP_URL: appUrl,
    HOST: env.HOST ?? (env.APP_ENV === "production" ? "0.0.0.0" : "127.0.0.1"),
    isProduction: env.APP_ENV === "production",
    isHttps: appUrl.startsWith("https://"),
    practice: practiceSettings(env, appUrl),
    twilio: env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN ? textSenders(env) : null,
  };
  return cached;
}

/** Tests change process.env between cases; they call this to re-read it. */
export function resetEnvForTests() {
  cached = undefined;
}
