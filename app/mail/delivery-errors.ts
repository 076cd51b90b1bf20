/**
 * A refusal that retrying cannot fix (an opted-out or invalid phone number, an address the mail
 * server says does not exist). The message is marked failed with this reason and not tried again.
 */
export class PermanentDeliveryError extends Error {
  constructor(
    reason: string,
    /** Twilio's error code, when the refusal came from Twilio. */
    readonly providerCode?: number,
  ) {
    super(reason);
    this.name = "PermanentDeliveryError";
  }
}
