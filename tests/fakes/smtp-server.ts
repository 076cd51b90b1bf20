import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** Which connection brought it, and when it was accepted: enough to tell two senders apart. */
  connection: string;
  acceptedAt: number;
}

/**
 * A real SMTP server on a random local port. `failNext(n)` makes the next n messages fail with a
 * temporary error (451), the way a busy mail server does; `rejectRecipient(address)` makes the
 * server refuse that address for good (550 at RCPT TO), as for a mailbox that does not exist.
 * `holdAfter(n)` accepts n more messages and then never answers the DATA of any other (a send in
 * flight when a worker is killed); a held message is not counted as received. `release()` accepts
 * messages again, on connections made after it: the ones from before belong to the killed sender,
 * and the server may still be parsing what that sender wrote before it died, so nothing more that
 * arrives on them is ever answered.
 */
export async function startFakeSmtpServer() {
  const received: ReceivedMail[] = [];
  let failuresLeft = 0;
  let acceptsLeft: number | null = null;
  let held = 0;
  const connections = new Set<string>();
  let fromBeforeRelease = new Set<string>();
  const rejected = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // Senders may keep pooled connections open; closing the fake must not wait 30 s for them.
    closeTimeout: 200,
    onConnect(session, callback) {
      connections.add(session.id);
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (rejected.has(address.address.toLowerCase())) {
        return callback(Object.assign(new Error("5.1.1 No such user here"), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          const error = Object.assign(new Error("Temporary failure, try again later"), { responseCode: 451 });
          return callback(error);
        }
        if (fromBeforeRelease.has(session.id)) {
          held += 1;
          return;
        }
        if (acceptsLeft !== null) {
          if (acceptsLeft === 0) {
            held += 1;
            return; // no answer: the sender waits until its connection dies
          }
          acceptsLeft -= 1;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
          connection: session.id,
          acceptedAt: Date.now(),
        });
        callback();
      });
    },
  });
  // A sender killed mid-conversation resets its connection (ECONNRESET); smtp-server reports that
  // as an 'error' event, which with no listener would be an uncaught error in the test run.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    failNext(count: number) {
      failuresLeft = count;
    },
    holdAfter(count: number) {
      acceptsLeft = count;
    },
    release() {
      acceptsLeft = null;
      fromBeforeRelease = new Set(connections);
    },
    /** Messages whose DATA was never answered. */
    get held() {
      return held;
    },
    rejectRecipient(address: string) {
      rejected.add(address.toLowerCase());
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
