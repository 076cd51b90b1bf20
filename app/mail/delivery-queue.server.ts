import type { Database, DatabaseHandle } from "~/db/client.server";
import type { JobRunner } from "~/jobs/job-runner.server";
import {
  deliverDueMessages,
  scheduledTimes,
  upcomingDueTimes,
  type DeliveryChannels,
  type DeliveryResult,
  type DeliveryTuning,
} from "./outbox.server";

/**
 * Delivery of both channels on the job runner. The outbox row is the schedule (when a message is
 * due, how urgent it is, who holds it); a pg-boss job only wakes a worker to deliver whatever is
 * due, now or at a given time. Losing a wake-up therefore loses nothing: the sweep every minute
 * delivers what is due and books wake-ups for what falls due soon.
 */
export const DELIVER_QUEUE = "outbox-deliver";
export const SWEEP_QUEUE = "outbox-sweep";
/** The sweep books wake-ups this far ahead (it runs every minute). */
const LOOKAHEAD_SECONDS = 90;

export interface MessageDeliveryOptions extends DeliveryTuning {
  channels: DeliveryChannels;
  /** Messages sent in parallel per claim; the next claim again takes the most urgent first. */
  batchSize?: number;
  onResult?: (result: DeliveryResult) => void;
}

export function registerMessageDelivery(runner: JobRunner, handle: DatabaseHandle, options: MessageDeliveryOptions) {
  const drain = singleFlight(async () => {
    const results = await deliverDueMessages(handle.db, options.channels, options);
    for (const result of results) {
      options.onResult?.(result);
      if (result.nextAttemptAt) await runner.send(DELIVER_QUEUE, {}, { startAfter: justAfter(result.nextAttemptAt) });
    }
  });
  runner.onStop(() => options.channels.email.close?.());
  runner.register({
    name: DELIVER_QUEUE,
    // Many wake-ups may be waiting at once (one per queued message); one drain serves them all.
    batchSize: 20,
    retryLimit: 3,
    retryDelaySeconds: 5,
    expireInSeconds: 600,
    handler: drain,
  });
  runner.register({
    name: SWEEP_QUEUE,
    // Not 'singleton': a sweep left active by a killed process would hold back every later sweep,
    // the restarted one's too, until pg-boss expired it minutes later, and with it the wake-up for
    // the dead process's claims. Sweeps running side by side are safe: every send is claimed first.
    schedule: { cron: "* * * * *" },
    // At start this also books a wake-up for the moment a crashed worker's claims run out.
    runAtStart: true,
    async handler() {
      await drain();
      for (const at of await upcomingDueTimes(handle.db, LOOKAHEAD_SECONDS)) {
        await runner.send(DELIVER_QUEUE, {}, { startAfter: justAfter(at) });
      }
    },
  });
}

/** Wakes delivery for messages just committed: now, and at the send-at time of scheduled ones. */
export async function wakeDelivery(runner: JobRunner, db: Database, ids: string[]) {
  await runner.send(DELIVER_QUEUE, {});
  for (const at of await scheduledTimes(db, ids)) await runner.send(DELIVER_QUEUE, {}, { startAfter: justAfter(at) });
}

/** The database keeps microseconds, a JavaScript Date milliseconds: wake a moment later, never early. */
function justAfter(at: Date) {
  return new Date(at.getTime() + 100);
}

/**
 * Runs `task` once at a time in this process; calls that arrive while it runs make it run once
 * more afterwards (they may have come for rows committed after its last claim) and share that run.
 */
function singleFlight(task: () => Promise<void>) {
  let running: Promise<void> | undefined;
  let again = false;
  return function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await task();
        } while (again);
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
}
