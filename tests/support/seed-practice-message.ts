/**
 * Seeds practice messages into the site's own database (DATA_DIR or DATABASE_URL) and prints one
 * line per message, "<scenario id> <token>", for browser tests that then start the built server on
 * the same data (the embedded database allows one process at a time, so run this first).
 *
 *   DATA_DIR=/tmp/x node --import tsx tests/support/seed-practice-message.ts email-already-friends-request:child sms-account-locked-unlock
 */
import { closeDatabase, getDatabase } from "~/db/database.server";
import { seedPracticeMessage } from "./practice-seeds";

async function main() {
  const db = await getDatabase();
  for (const argument of process.argv.slice(2)) {
    const [scenarioId, ageBand = "adult"] = argument.split(":");
    const seeded = await seedPracticeMessage(db, {
      scenarioId,
      ageBand: ageBand as "child" | "teen" | "adult" | "older-adult",
      phone: scenarioId.startsWith("sms-") ? "+15555550160" : null,
    });
    process.stdout.write(`${scenarioId} ${seeded.token}\n`);
  }
  await closeDatabase();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
