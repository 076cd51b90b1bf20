import { coursePagePath } from "~/course/course-map";
import { redFlagPagePath } from "~/red-flags/red-flag-paths";

/**
 * The public red-flag page (content/red-flags/<slug>.md) each sign's "Learn more" opens, and the
 * course page that teaches it for members: that page's `coursePage` or one of its
 * `otherCoursePages` (tests/unit/checker-rules.test.ts checks them against the files).
 */
export interface SignPage {
  learnMore: string;
  coursePage: string;
}

function page(slug: string, course: number): SignPage {
  return { learnMore: redFlagPagePath(slug), coursePage: coursePagePath(course) };
}

export const SIGN_PAGES = {
  deadlines: page("deadlines", 11),
  threats: page("threats", 9),
  prizes: page("prizes", 15),
  giftCardsAndCrypto: page("gift-cards-and-crypto", 14),
  passwordsAndCodes: page("passwords-and-codes", 38),
  personalDetails: page("personal-details", 17),
  secrets: page("secrets", 13),
  officialSoundingNames: page("official-sounding-names", 10),
  fakeEmergencies: page("fake-emergencies", 19),
  lookAlikeSendersAndLinks: page("look-alike-senders-and-links", 27),
  attachments: page("attachments", 5),
  jobOffers: page("job-offers", 18),
  friendlyStrangers: page("friendly-strangers", 31),
  surpriseBills: page("surprise-bills", 26),
} as const;
