import { sql } from "drizzle-orm";
import { getDatabase } from "~/db/database.server";
import { getLogger } from "~/config/logger.server";

/** Ready means the database answers. (`/healthz/live` in server.ts only says the process is up.) */
export async function loader() {
  const started = Date.now();
  try {
    const db = await getDatabase();
    await db.execute(sql`select 1`);
    return Response.json(
      { status: "ok", database: "ok", ms: Date.now() - started },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    getLogger().error({ err: error }, "health check failed");
    return Response.json(
      { status: "error", database: "unreachable" },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
}
