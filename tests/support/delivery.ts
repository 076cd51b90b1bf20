import type { DeliveryChannels } from "~/mail/outbox.server";
import { localTextMailboxTransport, type SmsTransport } from "~/mail/sms-transports.server";
import { localMailboxTransport, type MailTransport } from "~/mail/transports.server";

export const TEST_FROM = "scam-free <no-reply@scam-free.test>";

/** Delivery channels for a test: the transports it cares about, the local mailbox for the rest. */
export function testChannels(channels: { email?: MailTransport; sms?: SmsTransport } = {}): DeliveryChannels {
  return {
    email: channels.email ?? localMailboxTransport(() => {}),
    sms: channels.sms ?? localTextMailboxTransport(() => {}),
    emailFrom: TEST_FROM,
  };
}
