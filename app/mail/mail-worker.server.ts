import PgBoss from "pg-boss";
import type { DatabaseHandle } from "~/db/client.server";
import { deliverMessage, findUndeliveredIds, MAX_ATTEMPTS, type DeliveryOutcome } from "./outbox.server";
import type { MailTransport } from "./transports.server";

const DELIVER_QUEUE = "outbox-deliver";
const SWEEP_QUEUE = "outbox-sweep";

export interface MailWorker {
  /** Wake the worker for messages just committed to the outbox. */
  notify(ids: string[]): Promise<void>;
  /** Queue every message still waiting (new, or left behind by a worker that died). */
  sweep(): Promise<number>;
  stop(): Promise<void>;
}

export interface MailWorkerOptions {
  handle: DatabaseHandle;
  transport: MailTransport;
  from: string;
  /** Seconds between polls; small in tests. */
  pollingIntervalSeconds?: number;
  /** First retry delay in seconds (doubled each time); small in tests. */
  retryDelaySeconds?: number;
  onDelivered?: (id: string, outcome: DeliveryOutcome) => void;
  onError?: (error: unknown) => void;
}

/**
 * Delivery through pg-boss: one job per message (singletonKey = message id, so a message is never
 * queued twice at once), retried with exponential backoff. A sweep every minute re-queues anything
 * the jobs missed, e.g. a message committed just before the process died.
 */
export async function startMailWorker(options: MailWorkerOptions): Promise<MailWorker> {
  const { handle, transport, from } = options;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => handle.executeSql(text, values) },
    schema: "pgboss",
    // pg-boss's own supervision and scheduling run in the web process; that is fine at our size.
    supervise: true,
    schedule: true,
  });
  boss.on("error", (error) => options.onError?.(error));
  await boss.start();
  await boss.createQueue(DELIVER_QUEUE, {
    name: DELIVER_QUEUE,
    retryLimit: MAX_ATTEMPTS,
    retryDelay: options.retryDelaySeconds ?? 5,
    retryBackoff: true,
    expireInSeconds: 120,
  });
  await boss.createQueue(SWEEP_QUEUE, { name: SWEEP_QUEUE, policy: "singleton" });

  const notify = async (ids: string[]) => {
    for (const id of ids) await boss.send(DELIVER_QUEUE, { id }, { singletonKey: id });
  };
  const sweep = async () => {
    const ids = await findUndeliveredIds(handle.db);
    await notify(ids);
    return ids.length;
  };

  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
  await boss.work<{ id: string }>(DELIVER_QUEUE, { ...polling, batchSize: 1 }, async (jobs) => {
    for (const job of jobs) {
      const outcome = await deliverMessage(handle.db, transport, job.data.id, from);
      options.onDelivered?.(job.data.id, outcome);
      // Throwing hands the job back to pg-boss, which retries it later with backoff.
      if (outcome === "retry") throw new Error(`delivery of ${job.data.id} failed; will retry`);
    }
  });
  await boss.work(SWEEP_QUEUE, polling, async () => {
    await sweep();
  });
  await boss.schedule(SWEEP_QUEUE, "* * * * *");
  // Anything left from before this process started.
  await sweep();

  return {
    notify,
    sweep,
    async stop() {
      await boss.stop({ graceful: true, timeout: 5_000, wait: true });
    },
  };
}
