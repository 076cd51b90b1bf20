import type { Rule } from "../rule";
import { asksForPersonalDetails } from "./asks-for-personal-details";
import { asksForSecrets } from "./asks-for-secrets";
import { callbackNumber } from "./callback-number";
import { claimsAuthority } from "./claims-authority";
import { guaranteedReturns } from "./guaranteed-returns";
import { ipAddressLink } from "./ip-address-link";
import { jobOffer } from "./job-offer";
import { linkTextMismatch } from "./link-text-mismatch";
import { lookalikeDomain } from "./lookalike-domain";
import { newNumberRelative } from "./new-number-relative";
import { prize } from "./prize";
import { qrCode } from "./qr-code";
import { replyToActivate } from "./reply-to-activate";
import { riskyAttachment } from "./risky-attachment";
import { romanceMoney } from "./romance-money";
import { secrecy } from "./secrecy";
import { senderMismatch } from "./sender-mismatch";
import { shortLink } from "./short-link";
import { surpriseBill } from "./surprise-bill";
import { threat } from "./threat";
import { throwawayDomain } from "./throwaway-domain";
import { unusualPayment } from "./unusual-payment";
import { urgency } from "./urgency";
import { wrongNumber } from "./wrong-number";

/**
 * Every rule, in order of precedence: when two rules match exactly the same words, the one
 * listed first keeps the highlight. The specific asks (secrets, payment) come before the general
 * ones (a threat, a deadline), and the context signs come last.
 */
export const RULES: readonly Rule[] = [
  asksForSecrets,
  asksForPersonalDetails,
  unusualPayment,
  secrecy,
  newNumberRelative,
  romanceMoney,
  callbackNumber,
  linkTextMismatch,
  lookalikeDomain,
  replyToActivate,
  throwawayDomain,
  senderMismatch,
  shortLink,
  ipAddressLink,
  riskyAttachment,
  qrCode,
  jobOffer,
  guaranteedReturns,
  prize,
  threat,
  urgency,
  wrongNumber,
  surpriseBill,
  claimsAuthority,
];
