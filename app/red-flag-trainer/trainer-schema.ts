import { z } from "zod";
import { AGE_BANDS } from "~/family/age-bands";
import { CANDIDATE_ID } from "./candidates";

/**
 * The Check form of the members' trainer, shared by the page and its action: the round's
 * scenario, who is practicing, and the parts marked (checkboxes named "selected", so the form
 * works without JavaScript; none marked sends none, and one marked sends a single value).
 */
export const CheckRoundSchema = z.object({
  scenarioId: z
    .string({ error: "Please check the message from its page." })
    .regex(/^(email|sms)-[a-z0-9]+(-[a-z0-9]+)*$/, "That is not a practice message of ours.")
    .max(100, "That is not a practice message of ours."),
  ageBand: z.enum(AGE_BANDS, { error: "Please choose who is practicing." }),
  selected: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z
      .array(z.string().regex(CANDIDATE_ID, "A marked part is not a part of this message."))
      .max(80, "Too many parts were marked."),
  ),
});
