import type { DatabaseHandle } from "~/db/client.server";
import { startRecordQueue } from "~/jobs/record-queue.server";
import { deliverMessage, findUndeliveredIds, MAX_ATTEMPTS, type DeliveryOutcome } from "./outbox.server";
import type { MailTransport } from "./transports.server";

const DELIVER_QUEUE = "outbox-deliver";

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

/** Delivery: one job per message through the shared record queue (pg-boss, retries, a sweep). */
export async function startMailWorker(options: MailWorkerOptions): Promise<MailWorker> {
  const { handle, transport, from } = options;
  return startRecordQueue({
    handle,
    name: DELIVER_QUEUE,
    sweepName: "outbox-sweep",
    retryLimit: MAX_ATTEMPTS,
    retryDelaySeconds: options.retryDelaySeconds ?? 5,
    expireInSeconds: 120,
    pollingIntervalSeconds: options.pollingIntervalSeconds,
    findPendingIds: () => findUndeliveredIds(handle.db),
    async processRecord(id) {
      const outcome = await deliverMessage(handle.db, transport, id, from);
      options.onDelivered?.(id, outcome);
      // Throwing hands the job back to pg-boss, which retries it later with backoff.
      if (outcome === "retry") throw new Error(`delivery of ${id} failed; will retry`);
    },
    onError: options.onError,
  });
}
