import { compose, type MailBranding } from "~/mail/templates";

/** The site email every staff member gets once when all practice email is paused. */
export function practiceEmailBrakeEmail(brand: MailBranding, input: { reason: string; programUrl: string }) {
  return compose(brand, `Practice email is paused on ${brand.productName}`, "Hello,", [
    {
      kind: "p",
      text: `No practice email is being sent right now: ${input.reason}. Mail providers start filtering a domain whose complaints or bounces stay this high, so practice email stopped by itself before that happens. Practice texts go on as usual.`,
    },
    {
      kind: "p",
      text: "Look at which scenarios drew the complaints or bounces, fix what caused them, then resume practice email from the program health page.",
    },
    { kind: "button", label: "Open program health", url: input.programUrl },
  ]);
}
