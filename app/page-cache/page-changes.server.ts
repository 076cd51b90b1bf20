/**
 * "These public pages changed": the signal that empties the anonymous page cache (server.ts keeps
 * the cache; see docs/decisions/019-anonymous-page-cache.md).
 *
 * In one process (PGlite, tests) the signal is a function call. With PostgreSQL several web
 * processes may share the database, so the signal also goes out as NOTIFY on one channel and every
 * process LISTENs on a dedicated connection. A process whose connection is down cannot hear
 * changes, so while it is down it reports itself not live and the cache is bypassed; when it comes
 * back everything is dropped, since a change may have been missed.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { getLogger } from "~/config/logger.server";

export type ChangedPages = readonly string[] | "all";
type Listener = (pages: ChangedPages) => void;

const CHANNEL = "scam_free_page_changes";
/** Names the listening connection in pg_stat_activity. */
const APPLICATION_NAME = "scam-free page changes";
/** How long a sender waits to hear its own NOTIFY back (then every listening process has been handed it). */
const ECHO_TIMEOUT_MS = 1_000;
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 10_000;

const processId = randomUUID();
const listeners = new Set<Listener>();
const waitingForEcho = new Map<string, () => void>();

interface Connection {
  url: string;
  client: pg.Client | null;
  live: boolean;
  stopped: boolean;
  retryMs: number;
  timer?: ReturnType<typeof setTimeout>;
}
let connection: Connection | null = null;

function emit(pages: ChangedPages) {
  for (const listener of listeners) {
    try {
      listener(pages);
    } catch (error) {
      getLogger().error({ err: error }, "page change listener failed");
    }
  }
}

/** server.ts subscribes its page cache here. Returns the unsubscribe function. */
export function onPagesChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * False only while a PostgreSQL listener is (re)connecting: this process could miss another's
 * change, so it must not serve cached pages.
 */
export function pageChangesLive(): boolean {
  return connection === null || connection.live;
}

/**
 * Call after a change that public pages show has been written (committed). Empties this process's
 * cache at once, and with PostgreSQL tells every other process and waits (briefly) until the
 * database has handed the message to all of them.
 */
let announcements: Promise<unknown> = Promise.resolve();

export async function pagesChanged(pages: readonly string[]): Promise<void> {
  emit(pages);
  const current = connection;
  if (!current?.client || !current.live) return;
  const id = randomUUID();
  const heard = new Promise<void>((resolve) => {
    waitingForEcho.set(id, resolve);
    setTimeout(resolve, ECHO_TIMEOUT_MS).unref();
  });
  try {
    // One client carries every announcement, and a pg client runs one query at a time: a burst of
    // likes would otherwise overlap queries on it. Each waits for the one before.
    const client = current.client;
    const sent = announcements.then(() =>
      client.query("SELECT pg_notify($1, $2)", [CHANNEL, JSON.stringify({ id, from: processId, pages })]),
    );
    announcements = sent.catch(() => undefined);
    await sent;
    await heard;
  } catch (error) {
    // The listener is reconnecting; other processes drop everything when theirs reconnects.
    getLogger().error({ err: error }, "announcing a page change failed");
  } finally {
    waitingForEcho.delete(id);
  }
}

function onNotification(message: pg.Notification) {
  if (message.channel !== CHANNEL || !message.payload) return;
  let parsed: { id?: string; from?: string; pages?: unknown };
  try {
    parsed = JSON.parse(message.payload) as typeof parsed;
  } catch {
    return;
  }
  if (parsed.from === processId) {
    if (parsed.id) waitingForEcho.get(parsed.id)?.();
    return;
  }
  if (Array.isArray(parsed.pages) && parsed.pages.every((page) => typeof page === "string")) {
    emit(parsed.pages);
  } else {
    emit("all");
  }
}

async function connect(current: Connection) {
  if (current.stopped) return;
  const client = new pg.Client({ connectionString: current.url, application_name: APPLICATION_NAME });
  const lost = (error?: Error) => {
    if (current.client !== client) return;
    current.client = null;
    current.live = false;
    emit("all");
    client.end().catch(() => {});
    if (current.stopped) return;
    getLogger().error({ err: error }, "page change listener lost its connection; reconnecting");
    current.timer = setTimeout(() => void connect(current), current.retryMs);
    current.timer.unref();
    current.retryMs = Math.min(current.retryMs * 2, RECONNECT_MAX_MS);
  };
  client.on("error", lost);
  client.on("end", () => lost());
  client.on("notification", onNotification);
  current.client = client;
  try {
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
  } catch (error) {
    lost(error as Error);
    return;
  }
  if (current.client !== client) return;
  current.live = true;
  current.retryMs = RECONNECT_MIN_MS;
  // Changes made while we could not hear them are unknown: start from an empty cache.
  emit("all");
}

/**
 * Starts listening for other processes' changes (PostgreSQL only). Resolves once the first attempt
 * has finished; a failed attempt keeps retrying in the background, with the cache bypassed.
 */
export async function startPageChangeListener(databaseUrl: string): Promise<void> {
  if (connection) return;
  connection = { url: databaseUrl, client: null, live: false, stopped: false, retryMs: RECONNECT_MIN_MS };
  await connect(connection);
}

export async function stopPageChangeListener(): Promise<void> {
  const current = connection;
  if (!current) return;
  current.stopped = true;
  clearTimeout(current.timer);
  const client = current.client;
  current.client = null;
  current.live = false;
  connection = null;
  await client?.end().catch(() => {});
}
