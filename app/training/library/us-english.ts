/**
 * Practice messages and their explanations are written in US English (issue #36): a "Parking
 * Charge Notice" from a "car park" to a "pensioner" is a British scam, and reads wrong to an
 * American family. Each entry is a British word or spelling, with the US word to use instead. The
 * list is matched as whole words, without regard to case.
 *
 * It covers what a person reads of a scenario (the message, its landing page, the title, `why` and
 * `nextTime`), never its sources, whose titles are the pages' own.
 */

interface BritishWord {
  pattern: RegExp;
  use: string;
}

const word = (source: string, use: string): BritishWord => ({ pattern: new RegExp(`\\b(?:${source})\\b`, "i"), use });

export const BRITISH_WORDS: readonly BritishWord[] = [
  word("car ?parks?", "parking lot"),
  word("pensioners?", "retiree or older adult"),
  word("post ?codes?", "ZIP code"),
  word("mobile (?:phone|number)s?|your mobile|on (?:my|your|the) mobile", "cell phone"),
  word("mum|mums|mummy", "mom"),
  word("favours?|favoured|favourite|favourites", "favor, favorite"),
  word("colours?|coloured|colourful", "color"),
  word("centres?", "center"),
  word("cheques?|chequebook", "check"),
  word("programmes?", "program"),
  word("organis(?:e|ed|es|ing|ation|ations|er|ers)", "organize, organization"),
  word("authoris(?:e|ed|es|ing|ation)", "authorize"),
  word("apologis(?:e|ed|es|ing)", "apologize"),
  word("recognis(?:e|ed|es|ing)", "recognize"),
  word("realis(?:e|ed|es|ing)", "realize"),
  word("prioritis(?:e|ed|es|ing)", "prioritize"),
  word("customis(?:e|ed|es|ing)", "customize"),
  word("defence|offence|licence|licences", "defense, offense, license"),
  word("jewellery", "jewelry"),
  word("whilst", "while"),
  word("fortnight|fortnightly", "two weeks"),
  word("parking charge notice|penalty charge notice|pay-and-display|number plates?", "parking ticket, license plate"),
  word("driving licen[cs]e", "driver's license"),
  word("yours (?:faithfully|sincerely)", "Sincerely"),
  word("neighbours?|neighbourhood", "neighbor"),
  word("honour|behaviour|labour|humour|rumours?", "honor, behavior, labor, humor, rumor"),
  word("travell(?:ed|er|ers|ing)", "traveled, traveler"),
  word("cancell(?:ed|ing)", "canceled, canceling"),
  word(
    "catalogue|cosy|grey|tyres?|kerb|aluminium|maths|learnt|spelt|storey",
    "catalog, cozy, gray, tire, curb, aluminum, math, learned, spelled, story",
  ),
  word("instalments?|enrol|enrolment|fulfil", "installment, enroll, enrollment, fulfill"),
  word("petrol|lorry|lorries|postman", "gas, truck, mail carrier"),
  word("queue|queues|queuing", "line, waiting list"),
];

/** The British words in a text, each with what to write instead: `"colour" (color)`. */
export function britishWords(text: string): string[] {
  const found: string[] = [];
  for (const { pattern, use } of BRITISH_WORDS) {
    const match = pattern.exec(text);
    if (match) found.push(`"${match[0]}" (${use})`);
  }
  return found;
}
