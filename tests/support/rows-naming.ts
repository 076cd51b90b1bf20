import type { RunSql } from "./table-fingerprint";

/**
 * Every row, in every table we own, whose text contains one of `needles` (an email address, a
 * phone number, an IP address; compared in lower case): what a deletion left naming someone.
 * Each row is given as its table's name and the row as PostgreSQL prints it.
 */
export async function rowsNaming(runSql: RunSql, needles: string[]): Promise<{ table: string; row: string }[]> {
  const wanted = needles.map((needle) => needle.toLowerCase());
  const { rows: tables } = await runSql(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  const found: { table: string; row: string }[] = [];
  for (const { table_name } of tables as { table_name: string }[]) {
    if (table_name.startsWith("__drizzle")) continue;
    const { rows } = await runSql(`SELECT t::text AS row FROM "${table_name}" t`);
    for (const { row } of rows as { row: string }[]) {
      if (wanted.some((needle) => row.toLowerCase().includes(needle))) found.push({ table: table_name, row });
    }
  }
  return found;
}
