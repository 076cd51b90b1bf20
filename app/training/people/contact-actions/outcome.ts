import type { trainingContacts } from "~/training/tables";
import type { TrainingResult } from "../contact-schema";

/**
 * What every action on /account/training answers (issue #38: one small module per intent, behind
 * the route's switch in contact-settings.server.ts): a status and the result the page shows.
 */

export type Contact = typeof trainingContacts.$inferSelect;

export type Outcome = { status: number; result: TrainingResult };

export const fail = (status: number, title: string, message: string, intent?: string): Outcome => ({
  status,
  result: { ok: false, title, message, ...(intent ? { intent } : {}) },
});

export const done = (title: string, message: string, intent: string): Outcome => ({
  status: 200,
  result: { ok: true, title, message, intent },
});
