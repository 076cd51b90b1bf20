import PgBoss from "pg-boss";
import type { DatabaseHandle } from "~/db/client.server";

/**
 * The one background-job shape this site uses: "process this row", for rows in a table that
 * remembers what is still to do (the outbox, unsynced newsletter subscribers). One pg-boss job per
 * row id (singletonKey, so a row is never queued twice at once), retried with exponential backoff;
 * a sweep every minute re-queues whatever the jobs missed, e.g. a row committed just before the
 * process died. Runs on PGlite through `executeSql` and natively on PostgreSQL.
 */
export interface RecordQueue {
  /** Wake the worker for rows just committed. */
  notify(ids: string[]): Promise<void>;
  /** Queue every row still waiting; returns how many. */
  sweep(): Promise<number>;
  stop(): Promise<void>;
}

export interface RecordQueueOptions {
  handle: DatabaseHandle;
  /** Queue name. */
  name: string;
  /** The sweep's queue; `${name}-sweep` unless a deployment already has another name scheduled. */
  sweepName?: string;
  retryLimit: number;
  /** First retry delay in seconds, doubled each time. */
  retryDelaySeconds: number;
  expireInSeconds: number;
  pollingIntervalSeconds?: number;
  /** Ids of the rows still to process. */
  findPendingIds(): Promise<string[]>;
  /** Processes one row; throwing hands the job back to pg-boss for a later retry. */
  processRecord(id: string): Promise<void>;
  onError?: (error: unknown) => void;
}

export async function startRecordQueue(options: RecordQueueOptions): Promise<RecordQueue> {
  const { handle, name } = options;
  const sweepName = options.sweepName ?? `${name}-sweep`;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => handle.executeSql(text, values) },
    schema: "pgboss",
    // pg-boss's own supervision and scheduling run in the web process; that is fine at our size.
    supervise: true,
    schedule: true,
  });
  boss.on("error", (error) => options.onError?.(error));
  await boss.start();
  await boss.createQueue(name, {
    name,
    retryLimit: options.retryLimit,
    retryDelay: options.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: options.expireInSeconds,
  });
  await boss.createQueue(sweepName, { name: sweepName, policy: "singleton" });

  const notify = async (ids: string[]) => {
    for (const id of ids) await boss.send(name, { id }, { singletonKey: id });
  };
  const sweep = async () => {
    const ids = await options.findPendingIds();
    await notify(ids);
    return ids.length;
  };

  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
  await boss.work<{ id: string }>(name, { ...polling, batchSize: 1 }, async (jobs) => {
    for (const job of jobs) await options.processRecord(job.data.id);
  });
  await boss.work(sweepName, polling, async () => {
    await sweep();
  });
  await boss.schedule(sweepName, "* * * * *");
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
