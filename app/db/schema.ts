/**
 * The whole database, gathered from the capability that owns each table (`app/<capability>/tables.ts`),
 * for the Drizzle client's relational queries. Import a table from its capability, not from here.
 * Emails are stored trimmed and lower-cased by the code that writes them; the unique indexes then
 * make "same address, different case" a duplicate, as people expect.
 */
export * from "~/account/tables";
export * from "~/billing/tables";
export * from "~/community/tables";
export * from "~/course/tables";
export * from "~/mail/tables";
export * from "~/newsletter/tables";
export * from "~/red-flag-trainer/tables";
export * from "~/scam-updates/tables";
export * from "~/security/tables";
export * from "~/support/tables";
export * from "~/training/tables";
