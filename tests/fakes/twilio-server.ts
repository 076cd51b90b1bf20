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
 * for a number told to fail) to the StatusCallback a message names.
 */
export interface SentText {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
}

export interface TwilioRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  form: Record<string, string>;
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

export async function startFakeTwilio() {
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
    requests.push({ method: req.method ?? "", path: url.pathname, authorization: req.headers.authorization, form });

    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(url.pathname);
    if (!match || req.method !== "POST") return error(res, 20404, 404, "The requested resource was not found");
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
    if (match[1] !== accountSid || req.headers.authorization !== expected) return error(res, 20003);

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

    const sid = `SM${randomBytes(16).toString("hex")}`;
    messages.push({
      sid,
      to: form.To,
      from: form.From ?? null,
      messagingServiceSid: form.MessagingServiceSid ?? null,
      body: form.Body,
    });
    res.writeHead(201, { "Content-Type": "application/json" });
    res.end(
      JSON.stringify({
        sid,
        account_sid: accountSid,
        to: form.To,
        from: form.From ?? null,
        messaging_service_sid: form.MessagingServiceSid ?? null,
        body: form.Body,
        status: "queued",
        num_segments: "1",
        direction: "outbound-api",
        date_created: new Date().toUTCString(),
        error_code: null,
        error_message: null,
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
      }),
    );
    if (form.StatusCallback) reportStatuses(form.StatusCallback, sid, form);
  }

  const server = createServer((req, res) => void handle(req, res));
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
    attemptsTo: (to: string) => requests.filter((r) => r.form.To === to).length,
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
    /** The next `count` requests answer `status` (a 5xx outage). */
    failNext(count: number, status = 503) {
      failuresLeft = count;
      failureStatus = status;
    },
    /** The next `count` requests get no answer at all. */
    hangNext(count: number) {
      hangsLeft = count;
    },
    /** Accept `count` more texts, then hold every other one unanswered (see `release()`). */
    holdAfter(count: number) {
      acceptsLeft = count;
    },
    /** Accept texts again, on connections made from now on. */
    release() {
      acceptsLeft = null;
      fromBeforeRelease = new Set(connections);
    },
    /** Sends that were held unanswered. */
    get held() {
      return held;
    },
    reset() {
      messages.length = 0;
      requests.length = 0;
      refusals.clear();
      failuresLeft = 0;
      hangsLeft = 0;
      acceptsLeft = null;
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
