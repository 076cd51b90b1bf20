/**
 * What every form action answers: success or failure, a title and message for the toast and the
 * in-page notice, and per-field problems to show next to the inputs. Capabilities extend it with
 * what only they need (an intent, a held comment, a like count).
 */
export interface FormResult {
  ok: boolean;
  title: string;
  message: string;
  /** The first problem of each field, keyed by the input's name. */
  fields?: Record<string, string>;
}
