import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { startFakeSmtpServer } from "../fakes/smtp-server";
import { startFakeTwilio, type FakeTwilio } from "../fakes/twilio-server";
import { waitFor } from "../support/wait";
import type { DatabaseHandle } from "~/db/client.server";
import { outboxMessages } from "~/mail/tables";
import { enqueueEmail, enqueueText } from "~/mail/outbox.server";
import { welcomeEmail } from "~/mail/templates";

/**
 * Real separate processes (tests/support/site-process.ts: the server runtime without HTTP) on one
 * PostgreSQL database. PGlite allows one process only, so the two-process cases run on PostgreSQL.
 */
const script = path.resolve("tests/support/site-process.ts");
const dataDir = mkdtempSync(path.join(tmpdir(), "scam-free-processes-"));

interface SiteProcess {
  child: ChildProcessWithoutNullStreams;
  output: string;
  errors: string;
  queue(command: string): Promise<string>;
  stop(): Promise<void>;
}

function spawnSite(env: Record<string, string>): SiteProcess {
  const { DATABASE_URL: _unused, TEST_DATABASE_URL: _alsoUnused, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    env: { ...inherited, NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const site: SiteProcess = {
    child,
    output: "",
    errors: "",
    async queue(command) {
      const before = (site.output.match(/queued /g) ?? []).length;
      child.stdin.write(`${command}\n`);
      await waitFor(() => (site.output.match(/queued /g) ?? []).length > before, 20_000, `"${command}" to be queued`);
      return /queued (\S+)\n$/.exec(site.output)![1];
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    },
  };
  child.stdout.on("data", (chunk: Buffer) => (site.output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (site.errors += chunk.toString()));
  return site;
}

async function ready(site: SiteProcess) {
  await waitFor(
    () => {
      if (site.child.exitCode !== null) throw new Error(`process exited: ${site.errors}`);
      return site.output.includes("ready\n");
    },
    60_000,
    "the process to start",
  );
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("starting a site process", () => {
  it("stops at start with the missing names when only part of the Twilio settings is given", async () => {
    const site = spawnSite({ TWILIO_ACCOUNT_SID: "AC0123456789abcdef0123456789abcdef", TWILIO_FROM: "+15005550006" });
    const [code] = await once(site.child, "exit");
    expect(code).toBe(1);
    expect(site.errors).toContain("Twilio needs all three settings; missing: TWILIO_AUTH_TOKEN");
    expect(site.output).not.toContain("ready");
  });
});

describe.each(DATABASE_TARGETS.filter((target) => target.name === "postgres"))(
  "two processes on one $name database",
  (target) => {
    let handle: DatabaseHandle & { url?: string };
    let smtpWeb: Awaited<ReturnType<typeof startFakeSmtpServer>>;
    let smtpWorker: Awaited<ReturnType<typeof startFakeSmtpServer>>;
    let twilio: FakeTwilio;
    let sites: SiteProcess[] = [];

    beforeAll(async () => {
      handle = await target.open();
      [smtpWeb, smtpWorker, twilio] = await Promise.all([
        startFakeSmtpServer(),
        startFakeSmtpServer(),
        startFakeTwilio(),
      ]);
    });
    afterAll(async () => {
      await Promise.all([smtpWeb.close(), smtpWorker.close(), twilio.close()]);
      await handle.close();
    });
    afterEach(async () => {
      await Promise.all(sites.map((site) => site.stop()));
      sites = [];
      await handle.db.delete(outboxMessages);
      twilio.reset();
    });

    const twilioEnv = () => ({
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: "+15005550006",
      TWILIO_API_BASE: twilio.url,
    });
    function start(env: Record<string, string>) {
      const site = spawnSite({ DATABASE_URL: handle.url!, ...twilioEnv(), ...env });
      sites.push(site);
      return site;
    }
    const row = async (id: string) =>
      (await handle.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0];

    it("a WORKERS=off web process queues the work and the process with workers does it, promptly", async () => {
      // Each process has its own SMTP server: whichever delivers shows where the work ran.
      const web = start({ WORKERS: "off", SMTP_URL: smtpWeb.url });
      const worker = start({ WORKERS: "on", SMTP_URL: smtpWorker.url });
      await Promise.all([ready(web), ready(worker)]);

      const queuedAt = Date.now();
      const email = await web.queue("email handoff@example.com");
      const text = await web.queue("text +15551239001");
      await waitFor(
        async () => (await row(email)).status === "sent" && (await row(text)).status === "sent",
        30_000,
        "the worker process to deliver",
      );
      // Woken through pg-boss, well before the once-a-minute sweep would have found them.
      expect(Date.now() - queuedAt).toBeLessThan(20_000);
      expect(smtpWorker.received.map((m) => m.to)).toEqual([["handoff@example.com"]]);
      expect(smtpWeb.received).toEqual([]);
      expect(twilio.messages.map((m) => m.to)).toEqual(["+15551239001"]);
    }, 120_000);

    it("two worker processes draining one backlog never send a message twice", async () => {
      const emails: string[] = [];
      const texts: string[] = [];
      for (let i = 0; i < 30; i++) {
        emails.push(
          await enqueueEmail(handle.db, {
            template: "welcome",
            to: `pair${i}@example.com`,
            ...welcomeEmail({
              productName: "scam-free",
              siteUrl: "http://localhost:3000",
              supportEmail: "help@scam-free.test",
            }),
          }),
        );
        texts.push(
          await enqueueText(handle.db, {
            // Not "practice-text": a practice text without its practice message is dropped at the last look.
            template: "training-consent-notice",
            to: `+1555125${String(i).padStart(4, "0")}`,
            body: `Notice ${i}`,
          }),
        );
      }
      smtpWorker.received.length = 0;
      // Both start together; their start-up sweeps race for the same 60 messages.
      const a = start({ WORKERS: "on", SMTP_URL: smtpWorker.url });
      const b = start({ WORKERS: "on", SMTP_URL: smtpWorker.url });
      await Promise.all([ready(a), ready(b)]);
      await waitFor(
        async () =>
          (await handle.db.select().from(outboxMessages).where(eq(outboxMessages.status, "sent"))).length === 60,
        60_000,
        "all 60 messages",
      );
      expect(smtpWorker.received).toHaveLength(30);
      expect(new Set(smtpWorker.received.map((m) => m.to[0])).size).toBe(30);
      expect(twilio.messages).toHaveLength(30);
      expect(new Set(twilio.messages.map((m) => m.to)).size).toBe(30);
      const rows = await handle.db.select().from(outboxMessages);
      expect(rows.every((r) => r.attempts === 1)).toBe(true);
    }, 120_000);
  },
);
