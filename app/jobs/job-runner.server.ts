import PgBoss from "pg-boss";
import type { DatabaseHandle } from "~/db/client.server";

/**
 * The one pg-boss instance of a process. Capabilities describe their queues (`register`) and the
 * runner creates them, starts their workers and cron schedules, and stops them, in one place
 * (`app/background-jobs.server.ts` lists every queue the site runs). Runs on PGlite through
 * `executeSql` and natively on PostgreSQL.
 *
 * With `workers: false` (WORKERS=off) the runner only queues jobs: no worker, no cron, no
 * supervision, so a web process can hand its work to another process on the same database.
 */
export interface QueueSpec<T extends object = object> {
  name: string;
  /** Runs one job. Throwing fails that job only; pg-boss retries it with backoff up to retryLimit. */
  handler(data: T): Promise<void>;
  /** How many jobs one fetch takes; they run concurrently. */
  batchSize?: number;
  retryLimit?: number;
  /** First retry delay in seconds, doubled each time. */
  retryDelaySeconds?: number;
  /** A job still running after this long counts as failed (its process probably died). */
  expireInSeconds?: number;
  /** 'singleton': at most one job of this queue runs at a time, across every process. */
  policy?: "standard" | "singleton";
  /** Recurring work: a cron expression (minute resolution) and the time zone it is read in. */
  schedule?: { cron: string; timezone?: string };
  /** Queue one job when the runner starts (work left from before this process started). */
  runAtStart?: boolean;
}

export interface JobRunnerOptions {
  /** false: queue jobs only (WORKERS=off). */
  workers: boolean;
  /** How often an idle worker looks for new jobs; pg-boss allows 0.5 at least. */
  pollingIntervalSeconds?: number;
  /** How often cron schedules are checked; tests make it short. */
  cronMonitorIntervalSeconds?: number;
  onError?: (error: unknown) => void;
}

export interface SendOptions {
  /** Not run before this time. */
  startAfter?: Date;
  /** Higher runs first among due jobs of the queue. */
  priority?: number;
}

export class JobRunner {
  private readonly boss: PgBoss;
  private readonly specs = new Map<string, QueueSpec<never>>();
  private readonly workerIds = new Map<string, string>();
  private readonly stopHooks: (() => Promise<void> | void)[] = [];
  private started = false;

  constructor(
    private readonly handle: DatabaseHandle,
    private readonly options: JobRunnerOptions,
  ) {
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => handle.executeSql(text, values) },
      schema: "pgboss",
      // Supervision (expiring jobs of dead workers, archiving) and cron belong to worker processes.
      supervise: options.workers,
      schedule: options.workers,
      // pg-boss checks for these keys, not their values: only pass them when set.
      ...(options.cronMonitorIntervalSeconds
        ? {
            cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds,
            cronWorkerIntervalSeconds: options.cronMonitorIntervalSeconds,
          }
        : {}),
    });
    this.boss.on("error", (error) => options.onError?.(error));
  }

  get workers() {
    return this.options.workers;
  }

  /** The database the jobs run against. */
  get database() {
    return this.handle.db;
  }

  register<T extends object>(spec: QueueSpec<T>) {
    if (this.started) throw new Error(`register ${spec.name} before the job runner starts`);
    this.specs.set(spec.name, spec as QueueSpec<never>);
  }

  /** Runs when the runner stops, after its workers have finished (e.g. closing SMTP connections). */
  onStop(hook: () => Promise<void> | void) {
    this.stopHooks.push(hook);
  }

  async start() {
    await this.boss.start();
    for (const spec of this.specs.values()) {
      const queue = {
        name: spec.name,
        policy: spec.policy ?? "standard",
        retryLimit: spec.retryLimit ?? 0,
        retryDelay: spec.retryDelaySeconds ?? 5,
        retryBackoff: true,
        expireInSeconds: spec.expireInSeconds ?? 300,
      } satisfies PgBoss.Queue;
      await retryOnDeadlock(() => this.boss.createQueue(spec.name, queue));
      // A queue created by an older version keeps its old settings otherwise.
      await retryOnDeadlock(() => this.boss.updateQueue(spec.name, queue));
    }
    this.started = true;
    if (!this.options.workers) return;

    for (const spec of this.specs.values()) {
      const workerId = await this.boss.work<object>(
        spec.name,
        { batchSize: spec.batchSize ?? 1, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 1 },
        (jobs) => this.runBatch(spec, jobs),
      );
      this.workerIds.set(spec.name, workerId);
      if (spec.schedule) {
        await this.boss.schedule(spec.name, spec.schedule.cron, {}, { tz: spec.schedule.timezone ?? "UTC" });
      }
    }
    for (const spec of this.specs.values()) {
      if (spec.runAtStart) await this.send(spec.name, {});
    }
  }

  /**
   * Jobs of one batch run concurrently; each failure fails only its own job (pg-boss then retries
   * it), and the jobs that succeeded are completed when this returns.
   */
  private async runBatch(spec: QueueSpec<never>, jobs: PgBoss.Job<object>[]) {
    const results = await Promise.allSettled(jobs.map((job) => spec.handler(job.data as never)));
    for (const [index, result] of results.entries()) {
      if (result.status === "rejected") {
        const error = result.reason;
        this.options.onError?.(error);
        await this.boss.fail(spec.name, jobs[index].id, {
          message: error instanceof Error ? error.message : String(error),
        });
      }
    }
  }

  /**
   * Queues a job. A queue this process did not register is skipped (null): nothing here knows how
   * to run it, and the work it stands for is found again by that queue's sweep where it runs.
   */
  async send(name: string, data: object, options: SendOptions = {}): Promise<string | null> {
    if (!this.started || !this.specs.has(name)) return null;
    // pg-boss checks which keys are present: leave out the ones not given.
    const id = await this.boss.send(name, data, {
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      ...(options.priority !== undefined ? { priority: options.priority } : {}),
    });
    // Wake this process's own worker now instead of at its next poll.
    const workerId = this.workerIds.get(name);
    if (workerId && !options.startAfter) this.boss.notifyWorker(workerId);
    return id;
  }

  /**
   * Resolves once nothing of this runner's queues is running, due, or waiting for a retry. Tests use
   * it to check that "nothing else happened" after the worker has really had its chance.
   */
  async idle(timeoutMs = 20_000) {
    const names = [...this.specs.keys()];
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await this.handle.executeSql(
        `SELECT count(*)::int AS busy FROM pgboss.job
          WHERE name = ANY($1::text[])
            AND (state IN ('active', 'retry') OR (state = 'created' AND start_after <= now()))`,
        [names],
      );
      if (Number(rows[0]?.busy ?? 0) === 0) return;
      if (Date.now() > deadline) throw new Error(`job queues still busy after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async stop() {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, timeout: 5_000, wait: true, close: false });
    for (const hook of this.stopHooks) await hook();
  }
}

/**
 * Two processes starting at once both create their queues (pg-boss makes a table partition per
 * queue), and PostgreSQL may pick one of them as a deadlock victim. The other one wins, so trying
 * again a moment later succeeds.
 */
async function retryOnDeadlock(step: () => Promise<void>, attempts = 5) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if ((code !== "40P01" && code !== "23505") || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
    }
  }
}

let processRunner: JobRunner | undefined;

/** The runner of this process, once started (server-runtime or a test set it). */
export function currentJobRunner() {
  return processRunner;
}

export function setProcessJobRunner(runner: JobRunner | undefined) {
  processRunner = runner;
}
