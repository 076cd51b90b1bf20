import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BOTH_DATABASE_TARGETS } from "../support/databases";
import { waitFor } from "../support/wait";
import type { DatabaseHandle } from "~/db/client.server";
import { JobRunner } from "~/jobs/job-runner.server";

describe.each(BOTH_DATABASE_TARGETS)("the job runner on $name", (target) => {
  let handle: DatabaseHandle;
  let runners: JobRunner[] = [];

  beforeAll(async () => {
    handle = await target.open();
  });
  afterAll(async () => {
    await handle.close();
  });
  afterEach(async () => {
    for (const runner of runners) await runner.stop();
    runners = [];
  });

  function runnerWith(workers: boolean, register: (runner: JobRunner) => void) {
    const runner = new JobRunner(handle, { workers, pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1 });
    register(runner);
    runners.push(runner);
    return runner;
  }

  it("runs a job at the time it was given, not before, once", async () => {
    const runs: number[] = [];
    const runner = runnerWith(true, (r) =>
      r.register({ name: "test-at-a-time", handler: async () => void runs.push(Date.now()) }),
    );
    await runner.start();
    const at = new Date(Date.now() + 2_500);
    await runner.send("test-at-a-time", { note: "later" }, { startAfter: at });
    await runner.idle();
    expect(runs).toEqual([]);
    await waitFor(() => runs.length === 1, 15_000, "the job at its time");
    expect(runs[0]).toBeGreaterThanOrEqual(at.getTime());
    await runner.idle();
    expect(runs).toHaveLength(1);
  });

  it("runs a weekly schedule when its day and minute come, once even with two processes' runners", async () => {
    // Seconds 0–44 of a minute leave time for the cron check (every second here) within it.
    if (new Date().getUTCSeconds() > 44)
      await new Promise((resolve) => setTimeout(resolve, (61 - new Date().getUTCSeconds()) * 1000));
    const now = new Date();
    const weekly = `${now.getUTCMinutes()} ${now.getUTCHours()} * * ${now.getUTCDay()}`;
    const tomorrow = `${now.getUTCMinutes()} ${now.getUTCHours()} * * ${(now.getUTCDay() + 1) % 7}`;
    const runs: string[] = [];
    const register = (r: JobRunner) => {
      r.register({
        name: "test-weekly",
        schedule: { cron: weekly, timezone: "UTC" },
        handler: async () => void runs.push("today"),
      });
      r.register({
        name: "test-weekly-other-day",
        schedule: { cron: tomorrow, timezone: "UTC" },
        handler: async () => void runs.push("tomorrow"),
      });
    };
    const [a, b] = [runnerWith(true, register), runnerWith(true, register)];
    await Promise.all([a.start(), b.start()]);
    await waitFor(() => runs.length > 0, 20_000, "the weekly job");
    const firstRun = Date.now();
    const { rows } = await handle.executeSql(
      "SELECT name, cron, timezone FROM pgboss.schedule WHERE name LIKE 'test-weekly%' ORDER BY name",
    );
    expect(rows).toEqual([
      { name: "test-weekly", cron: weekly, timezone: "UTC" },
      { name: "test-weekly-other-day", cron: tomorrow, timezone: "UTC" },
    ]);
    // Wait for two more cron passes (either runner's) after the run, and for what they queued to
    // run: the schedule was still "due" then, yet no second job was made.
    await waitFor(
      async () => {
        const { rows: passes } = await handle.executeSql(
          "SELECT extract(epoch FROM cron_on) * 1000 AS at FROM pgboss.version",
        );
        return Number(passes[0].at) > firstRun + 2_000;
      },
      15_000,
      "later cron passes",
    );
    await waitFor(
      async () => {
        const { rows: waiting } = await handle.executeSql(
          "SELECT count(*)::int AS n FROM pgboss.job WHERE name = '__pgboss__send-it' AND state < 'completed'",
        );
        return Number(waiting[0].n) === 0;
      },
      15_000,
      "the cron hand-off queue to empty",
    );
    await Promise.all([a.idle(), b.idle()]);
    const { rows: jobs } = await handle.executeSql(
      "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'test-weekly'",
    );
    expect(Number(jobs[0].n)).toBe(1);
    expect(runs).toEqual(["today"]);
  });

  it("with workers off only queues: the job waits until a runner with workers takes it", async () => {
    const runs: string[] = [];
    const web = runnerWith(false, (r) =>
      r.register<{ who: string }>({ name: "test-handoff", handler: async ({ who }) => void runs.push(`web:${who}`) }),
    );
    await web.start();
    expect(await web.send("test-handoff", { who: "ann" })).toBeTruthy();
    const { rows } = await handle.executeSql("SELECT state FROM pgboss.job WHERE name = 'test-handoff'");
    expect(rows).toEqual([{ state: "created" }]);
    expect(runs).toEqual([]);
    const worker = runnerWith(true, (r) =>
      r.register<{ who: string }>({
        name: "test-handoff",
        handler: async ({ who }) => void runs.push(`worker:${who}`),
      }),
    );
    await worker.start();
    await waitFor(() => runs.length === 1, 15_000, "the worker");
    expect(runs).toEqual(["worker:ann"]);
  });
});
