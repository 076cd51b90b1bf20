/**
 * A site process without HTTP, for tests that need several processes on one PostgreSQL database:
 * it starts the same server runtime as build/server.js (database, job runner with or without
 * workers per WORKERS), prints "ready", and then queues what it is told on stdin:
 *   email <address>      queues a welcome email
 *   text <+number>       queues a text message (a consent notice: a practice text would need its practice message)
 * answering "queued <id>" for each. SIGTERM stops it the way the server stops.
 *
 *   node --import tsx tests/support/site-process.ts
 */
import { createInterface } from "node:readline";
import { getDatabase } from "~/db/database.server";
import { getMailBranding, queueEmail, queueText } from "~/mail/mailer.server";
import { welcomeEmail } from "~/mail/templates";
import { serverRuntime } from "~/server-runtime.server";

async function main() {
  await serverRuntime.start();
  process.stdout.write("ready\n");
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    const [command, to] = line.trim().split(/\s+/);
    const db = await getDatabase();
    const id =
      command === "email"
        ? await queueEmail(db, { template: "welcome", to, ...welcomeEmail(getMailBranding()) })
        : await queueText(db, { template: "training-consent-notice", to, body: `A notice text for ${to}` });
    process.stdout.write(`queued ${id}\n`);
  }
}

process.on("SIGTERM", () => {
  serverRuntime.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
