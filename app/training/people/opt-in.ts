import { z } from "zod";
import { builtOncePerLocale } from "~/i18n/per-locale";
import { translatorFor, type Translate } from "~/i18n/translate";
import { toE164 } from "./contact-schema";

/**
 * The "Get practice messages again" form: one email address or mobile number, the address that
 * asked us to stop. The same schemas check the form and the post on the server, worded in the
 * page's language (/training/opt-in, /es/training/opt-in).
 */
function optInSchemasFor(t: Translate) {
  const invalid = t("optIn.addressInvalid");
  return {
    request: z.object({
      address: z
        .string({ error: invalid })
        .trim()
        .min(3, invalid)
        .max(254, invalid)
        .transform((value, context) => {
          if (value.includes("@")) {
            if (z.email().safeParse(value).success) return value.toLowerCase();
          } else {
            const phone = toE164(value);
            if (phone) return phone;
          }
          context.addIssue({ code: "custom", message: invalid });
          return z.NEVER;
        }),
    }),
    confirm: z.object({
      intent: z.literal("lift", { error: t("optIn.confirm.useButton") }),
    }),
  };
}

const optInSchemasOnce = builtOncePerLocale(optInSchemasFor);

/** Built once per language. */
export function optInSchemas(t: Translate = translatorFor("en")) {
  return optInSchemasOnce(t);
}
