import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a random local port. `failNext(n)` makes the next n messages fail with a
 * temporary error (451), the way a busy mail server does.
 */
export async function startFakeSmtpServer() {
  const received: ReceivedMail[] = [];
  let failuresLeft = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          const error = Object.assign(new Error("Temporary failure, try again later"), { responseCode: 451 });
          return callback(error);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    failNext(count: number) {
      failuresLeft = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
