import twilio from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient";
import { PermanentDeliveryError } from "./delivery-errors";

/** One outgoing text message as a transport sees it. */
export interface OutgoingText {
  id: string;
  /** E.164, e.g. +15551234567. */
  to: string;
  body: string;
}

export interface SmsTransport {
  name: "twilio" | "local" | "unconfigured";
  send(message: OutgoingText): Promise<{ providerMessageId?: string }>;
}

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** A Twilio phone number (E.164) or a Messaging Service SID (MG…). */
  from: string;
  /**
   * Another address for Twilio's REST API. Only tests set it (TWILIO_API_BASE), to reach their fake
   * Twilio server; see `redirectingHttpClient`.
   */
  apiBase?: string;
  /** How long one request may take before it counts as failed (and is retried later). */
  timeoutMs?: number;
  /**
   * Where Twilio posts each text's delivery status (queued, sent, delivered, undelivered, failed):
   * our /api/webhooks/twilio/status on the public address (APP_URL).
   */
  statusCallbackUrl?: string;
}

/**
 * Twilio answers these for a number that will never take this message; retrying cannot help.
 * 21610: the recipient replied STOP. 21211: not a valid phone number. 21614: not a mobile number.
 * 21612: Twilio cannot route to this number from ours.
 */
export const PERMANENT_TWILIO_CODES: Record<number, string> = {
  21610: "The recipient has opted out of texts from this number (replied STOP).",
  21211: "The phone number is not valid.",
  21614: "The phone number is not a mobile number.",
  21612: "Twilio cannot send a text to this number.",
};

/**
 * The Twilio SDK has no base-URL option, but it sends every request through an `httpClient`. This
 * one is the SDK's own RequestClient (same HTTP stack, same auth and retries) with the scheme, host
 * and port of each request replaced by `apiBase`; path and query stay as the SDK built them.
 */
export function redirectingHttpClient(apiBase: string, timeoutMs?: number) {
  const base = new URL(apiBase);
  class RedirectingRequestClient extends twilio.RequestClient {
    override request<TData>(opts: RequestClient.RequestOptions<TData>) {
      const target = new URL(opts.uri);
      target.protocol = base.protocol;
      target.host = base.host;
      return super.request<TData>({ ...opts, uri: target.toString() });
    }
  }
  return new RedirectingRequestClient({ timeout: timeoutMs, autoRetry: false });
}

/** Texts through Twilio's Messages API with the official SDK. */
export function twilioTransport(settings: TwilioSettings): SmsTransport {
  const timeout = settings.timeoutMs ?? 15_000;
  const httpClient = settings.apiBase
    ? redirectingHttpClient(settings.apiBase, timeout)
    : new twilio.RequestClient({ timeout, autoRetry: false });
  const client = twilio(settings.accountSid, settings.authToken, { httpClient });
  const sender = settings.from.startsWith("MG") ? { messagingServiceSid: settings.from } : { from: settings.from };
  return {
    name: "twilio",
    async send(message) {
      try {
        const sent = await client.messages.create({
          to: message.to,
          body: message.body,
          ...sender,
          ...(settings.statusCallbackUrl ? { statusCallback: settings.statusCallbackUrl } : {}),
        });
        return { providerMessageId: sent.sid };
      } catch (error) {
        const code = (error as { code?: number }).code;
        if (typeof code === "number" && PERMANENT_TWILIO_CODES[code]) {
          throw new PermanentDeliveryError(`Twilio ${code}: ${PERMANENT_TWILIO_CODES[code]}`, code);
        }
        throw error;
      }
    },
  };
}

/** Development without Twilio: the text stays in the outbox table, readable at /dev/mailbox. */
export function localTextMailboxTransport(log: (message: OutgoingText) => void): SmsTransport {
  return {
    name: "local",
    async send(message) {
      log(message);
      return { providerMessageId: `local-${message.id}` };
    },
  };
}

/**
 * A production site without Twilio settings: no text can go out. Each one is recorded as failed
 * with this reason instead of the site refusing to start (it sends no texts until the Training
 * Program does).
 */
export function unconfiguredSmsTransport(): SmsTransport {
  return {
    name: "unconfigured",
    async send() {
      throw new PermanentDeliveryError(
        "Text messages are not configured (set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM).",
      );
    },
  };
}
