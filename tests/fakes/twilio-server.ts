import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * A local stand-in for Twilio's Messages API over a real socket, so the official `twilio` SDK talks
 * to it as it talks to api.twilio.com: POST /2010-04-01/Accounts/{Sid}/Messages.json, form-encoded,
 * HTTP basic auth with the account SID and auth token, JSON answers and Twilio-shaped errors.
 * Tests play "Twilio" through its controls: refuse a number (21610 opted out, 21211 invalid), fail
 * the next requests with a 5xx, or hang without answering (a timeout), or accept a few more and
 * then hold every other send unanswered (a send in flight when a worker is killed). It also signs inbound-text
 * webhooks the way Twilio does (X-Twilio-Signature), computed here independently of the SDK, and,
 * like Twilio, posts signed status callbacks ("sent", then "delivered", or "undelivered"/"failed"
 * for a number told to fail) to the StatusCallback a message names. Like Twilio it lists the
 * messages it took (GET …/Messages.json with To, From, DateSent> and PageSize, newest first), which
 * the sender asks before sending again a text whose earlier attempt's outcome it does not know.
 */
export interface SentText {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  /** When Twilio took it (date_created) and sent it on (date_sent: at once, in this fake). */
  createdAt: Date;
  /** The StatusCallback it named (Twilio keeps it, but never lists it). */
  statusCallback: string | null;
}

export interface TwilioRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  form: Record<string, string>;
  /** The query string's parameters (a list request's filters). */
  query: Record<string, string>;
}

const ERRORS: Record<number, { status: number; message: string }> = {
  20003: { status: 401, message: "Authenticate" },
  21211: { status: 400, message: "The 'To' number is not a valid phone number." },
  21610: { status: 400, message: "Attempt to send to unsubscribed recipient" },
};

export interface StatusCallback {
  url: string;
  params: Record<string, string>;
  /** The HTTP status our server answered, or 0 when the post did not reach it. */
  answer: number;
}

type FinalStatus = { status: "delivered" } | { status: "undelivered" | "failed"; errorCode: string };

/** Twilio's X-Twilio-Signature: base64 HMAC-SHA1 of the URL and each parameter name and value, sorted by name. */
function twilioSignature(webhookUrl: string, params: Record<string, string>, token: string) {
  const payload = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], webhookUrl);
  return createHmac("sha1", token).update(Buffer.from(payload, "utf8")).digest("base64");
}

/**
 * `servicePool`: the numbers of the Messaging Service a text may name (MessagingServiceSid). As
 * Twilio's "sticky sender" does, the service sends every text to one recipient from the same
 * number of its pool, and that number is the From of the text and of its status callbacks.
 */
export async function startFakeTwilio(options: { servicePool?: readonly string[] } = {}) {
  const pool = options.servicePool ?? ["+15005550009"];
  const stickySender = (to: string) => pool[[...to].reduce((sum, c) => sum + c.charCodeAt(0), 0) % pool.length]!;
  const accountSid = `AC${randomBytes(16).toString("hex")}`;
  const authToken = randomBytes(16).toString("hex");
  const messages: SentText[] = [];
  const requests: TwilioRequest[] = [];
  const refusals = new Map<string, number>();
  let failuresLeft = 0;
  let failureStatus = 503;
  let hangsLeft = 0;
  let acceptsLeft: number | null = null;
  let held = 0;
  // After this many more answered sends, texts are taken but their answer is never sent.
  let answersLeft: number | null = null;
  let unanswered = 0;
  let lookupFailuresLeft = 0;
  // As in the SMTP fake: after release(), requests on connections from before it are never answered.
  const connections = new Set<Socket>();
  let fromBeforeRelease = new Set<Socket>();
  const hanging = new Set<ServerResponse>();
  const statusCallbacks: StatusCallback[] = [];
  const finalStatuses = new Map<string, FinalStatus>();
  const callbacksInFlight = new Set<Promise<void>>();
  // Callbacks wait here while a test holds them (see holdCallbacks).
  let callbackGate: Promise<void> = Promise.resolve();
  let openCallbackGate: (() => void) | null = null;

  /** Posts one status callback the way Twilio does: form-encoded, signed. */
  async function postStatus(url: string, params: Record<string, string>) {
    let answer = 0;
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "X-Twilio-Signature": twilioSignature(url, params, authToken),
        },
        body: new URLSearchParams(params),
      });
      answer = response.status;
      await response.arrayBuffer();
    } catch {
      // Twilio gives up on an address it cannot reach; so does the fake.
    }
    statusCallbacks.push({ url, params, answer });
  }

  /** "sent", then the number's final status, one after the other (Twilio posts them in order, usually). */
  function reportStatuses(url: string, sid: string, form: Record<string, string>) {
    const final = finalStatuses.get(form.To) ?? { status: "delivered" };
    const base = {
      AccountSid: accountSid,
      ApiVersion: "2010-04-01",
      From: form.From ?? "",
      ...(form.MessagingServiceSid ? { MessagingServiceSid: form.MessagingServiceSid } : {}),
      MessageSid: sid,
      SmsSid: sid,
      To: form.To,
    };
    const gate = callbackGate;
    const run = (async () => {
      await gate;
      await postStatus(url, { ...base, MessageStatus: "sent", SmsStatus: "sent" });
      await postStatus(url, {
        ...base,
        MessageStatus: final.status,
        SmsStatus: final.status,
        ...("errorCode" in final ? { ErrorCode: final.errorCode } : {}),
      });
    })();
    callbacksInFlight.add(run);
    void run.finally(() => callbacksInFlight.delete(run));
  }

  function error(
    res: ServerResponse,
    code: number,
    status = ERRORS[code]?.status ?? 400,
    message = ERRORS[code]?.message ?? "Error",
  ) {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
    const url = new URL(req.url ?? "/", "http://fake");
    requests.push({
      method: req.method ?? "",
      path: url.pathname,
      authorization: req.headers.authorization,
      form,
      query: Object.fromEntries(url.searchParams),
    });

    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(url.pathname);
    if (!match || (req.method !== "POST" && req.method !== "GET")) {
      return error(res, 20404, 404, "The requested resource was not found");
    }
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
    if (match[1] !== accountSid || req.headers.authorization !== expected) return error(res, 20003);
    if (req.method === "GET") return list(req, res, url);

    if (hangsLeft > 0) {
      hangsLeft -= 1;
      hanging.add(res);
      return; // never answers; the client's timeout decides
    }
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      return error(res, 20500, failureStatus, "An internal server error has occurred");
    }
    if (!form.To || !form.Body || (!form.From && !form.MessagingServiceSid)) {
      return error(res, 21604, 400, "A 'To' phone number, a 'Body' and a 'From' are required.");
    }
    const refusal = refusals.get(form.To);
    if (refusal) return error(res, refusal);
    if (fromBeforeRelease.has(req.socket)) {
      held += 1;
      hanging.add(res);
      return;
    }
    if (acceptsLeft !== null) {
      if (acceptsLeft === 0) {
        held += 1;
        hanging.add(res);
        return; // never answers, and the text is not counted as sent
      }
      acceptsLeft -= 1;
    }

    // A Messaging Service sends from one of its numbers, the same one for every text to this number.
    if (!form.From && form.MessagingServiceSid) form.From = stickySender(form.To);
    const text: SentText = {
      sid: `SM${randomBytes(16).toString("hex")}`,
      to: form.To,
      from: form.From ?? null,
      messagingServiceSid: form.MessagingServiceSid ?? null,
      body: form.Body,
      createdAt: new Date(),
      statusCallback: form.StatusCallback ?? null,
    };
    messages.push(text);
    if (form.StatusCallback) reportStatuses(form.StatusCallback, text.sid, form);
    if (answersLeft !== null) {
      if (answersLeft === 0) {
        // Taken, but the sender never hears so: what a sender killed mid-request leaves behind.
        unanswered += 1;
        hanging.add(res);
        return;
      }
      answersLeft -= 1;
    }
    res.writeHead(201, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ ...resource(text), status: "queued" }));
  }

  /** A message as Twilio's API shows it (the fields the SDK reads; dates in RFC 2822). */
  function resource(text: SentText) {
    return {
      sid: text.sid,
      account_sid: accountSid,
      api_version: "2010-04-01",
      to: text.to,
      from: text.from,
      messaging_service_sid: text.messagingServiceSid,
      body: text.body,
      status: "sent",
      num_segments: "1",
      num_media: "0",
      direction: "outbound-api",
      date_created: text.createdAt.toUTCString(),
      date_updated: text.createdAt.toUTCString(),
      date_sent: text.createdAt.toUTCString(),
      error_code: null,
      error_message: null,
      price: null,
      price_unit: "USD",
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${text.sid}.json`,
      subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${text.sid}/Media.json` },
    };
  }

  /**
   * GET …/Messages.json: the messages taken, newest first, filtered as Twilio filters them (To and
   * From exactly; DateSent> a date, meaning from its midnight UTC, or a date and time), one page of
   * PageSize (50 unless given, at most 1000). Every page is the last one here: tests never list more.
   */
  function list(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (lookupFailuresLeft > 0) {
      lookupFailuresLeft -= 1;
      return error(res, 20500, 503, "An internal server error has occurred");
    }
    const query = url.searchParams;
    const after = query.get("DateSent>");
    const since = after === null ? null : new Date(/^\d{4}-\d{2}-\d{2}$/.test(after) ? `${after}T00:00:00Z` : after);
    if (since && Number.isNaN(since.getTime())) return error(res, 20001, 400, "Invalid DateSent> value");
    const pageSize = Math.min(Number(query.get("PageSize") ?? 50) || 50, 1000);
    const found = messages
      .filter((text) => !query.has("To") || text.to === query.get("To"))
      .filter((text) => !query.has("From") || text.from === query.get("From"))
      .filter((text) => !since || text.createdAt >= since)
      .reverse()
      .slice(0, pageSize);
    const page = `/2010-04-01/Accounts/${accountSid}/Messages.json?${query.toString()}`;
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(
      JSON.stringify({
        messages: found.map(resource),
        page: 0,
        page_size: pageSize,
        start: 0,
        end: Math.max(found.length - 1, 0),
        uri: page,
        first_page_uri: page,
        next_page_uri: null,
        previous_page_uri: null,
      }),
    );
  }

  const server = createServer((req, res) => void handle(req, res));
  // Node closes an idle connection after 5 s by default; a client reusing it at that moment gets
  // ECONNRESET before any request arrives (a lost attempt no test asked for). Twilio keeps them longer.
  server.keepAliveTimeout = 120_000;
  server.on("connection", (socket: Socket) => connections.add(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    accountSid,
    authToken,
    messages,
    requests,
    /** Requests that tried to send a text to this number. */
    attemptsTo: (to: string) => requests.filter((r) => r.method === "POST" && r.form.To === to).length,
    /** Requests that listed messages (the sender looking for a text it may have sent already). */
    lookups: () => requests.filter((r) => r.method === "GET"),
    /** Answer Twilio error `code` (21610 opted out, 21211 invalid number) for every text to `to`. */
    refuse(to: string, code: 21610 | 21211) {
      refusals.set(to, code);
    },
    /** Status callbacks posted so far, in the order they finished. */
    statusCallbacks,
    /** Texts to `to` are taken, then reported undelivered (or failed) with Twilio error `errorCode`. */
    failDelivery(to: string, status: "undelivered" | "failed", errorCode = "30003") {
      finalStatuses.set(to, { status, errorCode });
    },
    /**
     * Status callbacks for texts sent from now on wait until `releaseCallbacks()`. Real Twilio posts
     * them seconds after it answered; this fake posts at once, which can overtake the sender's own
     * record of the message id (the callback then finds no message and is answered 404).
     */
    holdCallbacks() {
      callbackGate = new Promise((resolve) => (openCallbackGate = resolve));
    },
    releaseCallbacks() {
      openCallbackGate?.();
      openCallbackGate = null;
      callbackGate = Promise.resolve();
    },
    /** Resolves once every status callback started so far was posted. */
    async callbacksPosted() {
      while (callbacksInFlight.size > 0) await Promise.all([...callbacksInFlight]);
    },
    /** The next `count` sends answer `status` (a 5xx outage). */
    failNext(count: number, status = 503) {
      failuresLeft = count;
      failureStatus = status;
    },
    /** The next `count` list requests answer 503. */
    failLookups(count: number) {
      lookupFailuresLeft = count;
    },
    /** The next `count` sends get no answer at all (and are not taken). */
    hangNext(count: number) {
      hangsLeft = count;
    },
    /** Accept `count` more texts, then hold every other one unanswered (see `release()`). */
    holdAfter(count: number) {
      acceptsLeft = count;
    },
    /**
     * Answer `count` more sends, then take every other text (it is in `messages`, Twilio will send
     * it) without ever answering: the sender cannot know it went (see `release()`).
     */
    takeWithoutAnswerAfter(count: number) {
      answersLeft = count;
    },
    /** Accept and answer texts again, on connections made from now on. */
    release() {
      acceptsLeft = null;
      answersLeft = null;
      fromBeforeRelease = new Set(connections);
    },
    /** Sends that were held unanswered (and not taken). */
    get held() {
      return held;
    },
    /** Texts taken whose answer was never sent. */
    get unanswered() {
      return unanswered;
    },
    reset() {
      messages.length = 0;
      requests.length = 0;
      refusals.clear();
      failuresLeft = 0;
      hangsLeft = 0;
      acceptsLeft = null;
      answersLeft = null;
      unanswered = 0;
      lookupFailuresLeft = 0;
      fromBeforeRelease = new Set();
      held = 0;
      statusCallbacks.length = 0;
      finalStatuses.clear();
    },
    /**
     * Twilio's X-Twilio-Signature for a webhook POST: base64 HMAC-SHA1, keyed with the auth token,
     * of the full URL followed by each parameter name and value, sorted by name.
     */
    sign(webhookUrl: string, params: Record<string, string>, token = authToken) {
      return twilioSignature(webhookUrl, params, token);
    },
    async close() {
      await Promise.all([...callbacksInFlight]);
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeTwilio = Awaited<ReturnType<typeof startFakeTwilio>>;
