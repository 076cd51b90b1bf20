import twilio from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient";
import type { MessageInstance } from "twilio/lib/rest/api/v2010/account/message";
import { PermanentDeliveryError } from "./delivery-errors";

/** One outgoing text message as a transport sees it. */
export interface OutgoingText {
  id: string;
  /** E.164, e.g. +15551234567. */
  to: string;
  body: string;
  /**
   * Which of our numbers it comes from (a practice scenario keeps one); the first one when left
   * out or not one of ours. Ignored when sending through a Messaging Service, whose pool chooses.
   */
  from?: string | null;
}

export interface SmsTransport {
  name: "twilio" | "local" | "unconfigured";
  send(message: OutgoingText): Promise<{ providerMessageId?: string }>;
  /**
   * The provider's ids of texts it already took that are this one: same number, exactly the same
   * body, taken at `since` or later; oldest first. Asked before sending again a text whose earlier
   * attempt's outcome is unknown (its worker died mid-request, or the request timed out). A
   * transport without it has nothing that could have gone unseen.
   */
  findAccepted?(message: OutgoingText, since: Date): Promise<string[]>;
}

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** Twilio phone numbers (E.164), comma-separated, or a Messaging Service SID (MG…): TWILIO_FROM. */
  from: string;
  /** Send through this Messaging Service and its sender pool instead (TWILIO_MESSAGING_SERVICE_SID). */
  messagingServiceSid?: string | null;
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
 * How many of the newest messages to one number the lookup reads. A family member gets a few texts
 * a week; a lookup runs minutes, at most hours, after the text was queued.
 */
const LOOKUP_LIMIT = 50;

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
  const service = settings.messagingServiceSid ?? (settings.from.startsWith("MG") ? settings.from : null);
  const viaService = service !== null;
  const numbers = settings.from.startsWith("+") ? settings.from.split(",").map((number) => number.trim()) : [];
  const senderOf = (message: OutgoingText) =>
    service
      ? { messagingServiceSid: service }
      : { from: message.from && numbers.includes(message.from) ? message.from : numbers[0]! };
  return {
    name: "twilio",
    async send(message) {
      try {
        const sent = await client.messages.create({
          to: message.to,
          body: message.body,
          ...senderOf(message),
          ...(settings.statusCallbackUrl
            ? { statusCallback: statusCallbackFor(settings.statusCallbackUrl, message) }
            : {}),
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
    async findAccepted(message, since) {
      const ours = (text: MessageInstance) =>
        text.direction === "outbound-api" &&
        text.to === message.to &&
        text.body === message.body &&
        (viaService ? text.messagingServiceSid === service : text.from === senderOf(message).from) &&
        text.dateCreated.getTime() >= since.getTime();
      const list = (dateSentAfter?: Date) =>
        client.messages.list({
          to: message.to,
          // A Messaging Service sends from one of its numbers: compared on the service instead.
          ...(viaService ? {} : { from: senderOf(message).from }),
          ...(dateSentAfter ? { dateSentAfter } : {}),
          limit: LOOKUP_LIMIT,
        });
      // Twilio reads DateSent> as a day (from its midnight, UTC): ask from that day's start and
      // compare the exact moment here, on date_created.
      const day = new Date(Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), since.getUTCDate()));
      let found = (await list(day)).filter(ours);
      // A text still in Twilio's queue has no date_sent yet, so no DateSent filter finds it: look
      // once more at the newest texts to that number, unfiltered by date.
      if (found.length === 0) found = (await list()).filter(ours);
      return found.sort((a, b) => a.dateCreated.getTime() - b.dateCreated.getTime()).map((text) => text.sid);
    },
  };
}

/**
 * Each text's status callback names its outbox row (`?ref=`), so a status Twilio reports for a text
 * whose send was never recorded (its worker died before Twilio's answer came) still finds its row.
 */
function statusCallbackFor(url: string, message: OutgoingText) {
  const callback = new URL(url);
  callback.searchParams.set("ref", message.id);
  return callback.toString();
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
