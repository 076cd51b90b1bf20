import { messagePart, type MessagePart } from "./message-part";
import type { CheckInput } from "./sign-ids";
import { findWebAddresses, type WebAddress } from "./web-addresses";

/**
 * A message ready for the rules: its parts and every web address found in any of them. Built
 * once per check so twenty rules do not each fold the text and hunt for addresses again.
 */
export interface PreparedMessage {
  /** Sender, subject and text, in reading order: the parts written in words. */
  wording: MessagePart[];
  /** The link targets, one part per link. */
  links: MessagePart[];
  addresses: WebAddress[];
}

export function prepareMessage(input: CheckInput): PreparedMessage {
  const wording: MessagePart[] = [];
  if (input.sender) wording.push(messagePart("sender", input.sender));
  if (input.subject) wording.push(messagePart("subject", input.subject));
  wording.push(messagePart("text", input.text));
  const links = (input.links ?? []).map((link, index) => messagePart("links", link, index));
  const addresses = [...wording, ...links].flatMap((part) => findWebAddresses(part));
  return { wording, links, addresses };
}
