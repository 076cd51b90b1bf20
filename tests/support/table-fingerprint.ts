/** Runs one SQL statement and answers its rows (a pg client or a PGlite handle). */
export type RunSql = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Row count and a content hash of every table we own, so a test can show that a request changed no
 * data at all. `skip`: tables a request may legitimately touch (attempt counters).
 */
export async function fingerprintTables(
  runSql: RunSql,
  skip: ReadonlySet<string> = new Set(),
): Promise<Record<string, string>> {
  const { rows } = await runSql(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  const result: Record<string, string> = {};
  for (const { table_name } of rows as { table_name: string }[]) {
    if (skip.has(table_name) || table_name.startsWith("__drizzle")) continue;
    const hash = await runSql(
      `SELECT count(*)::text AS n, coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') AS h FROM "${table_name}" t`,
    );
    result[table_name] = `${hash.rows[0]!.n}:${hash.rows[0]!.h}`;
  }
  return result;
}
