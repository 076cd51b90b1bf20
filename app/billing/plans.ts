/**
 * The one price table. Plan cards, checkout, the order summary and the payment provider all read
 * from here; the browser never sends an amount.
 */
export type PaidPlanId = "premium" | "family";

export interface Plan {
  id: PaidPlanId;
  name: string;
  description: string;
  /** Monthly price in whole US dollars. */
  price: number;
  /** How many people the plan covers, the buyer included. */
  people: number;
}

export const PLANS: Record<PaidPlanId, Plan> = {
  premium: {
    id: "premium",
    name: "Training Program",
    description: "Practice scam emails and texts for one person, with feedback on every red flag.",
    price: 10,
    people: 1,
  },
  family: {
    id: "family",
    name: "Family Training",
    description: "The full Training Program for up to 5 people in your family.",
    price: 25,
    people: 5,
  },
};

/** Extra people a family plan can add besides the buyer. */
export const MAX_FAMILY_MEMBERS = PLANS.family.people - 1;

export const PAID_PLAN_IDS = Object.keys(PLANS) as PaidPlanId[];

export function isPaidPlanId(value: unknown): value is PaidPlanId {
  return typeof value === "string" && value in PLANS;
}

export interface PlanCard {
  key: "learning" | PaidPlanId;
  name: string;
  priceLabel: string;
  period?: string;
  tagline: string;
  features: string[];
  highlighted: boolean;
  buttonText: string;
  buttonLink: string;
  /** The feature that opens the sample practice emails dialog. */
  previewFeature?: string;
}

const SAMPLE_FEATURE = "Practice scam emails and texts";

export const PLAN_CARDS: PlanCard[] = [
  {
    key: "learning",
    name: "Learning",
    priceLabel: "Free",
    tagline: "Everything you need to start spotting scams.",
    features: [
      "The full 46-page scam-free course, with a track for every age",
      "11 lessons in 3 modules",
      "Self-checks at the end of each lesson",
      "Community forum access",
    ],
    highlighted: false,
    buttonText: "Start Learning",
    buttonLink: "/course",
  },
  {
    key: "premium",
    name: "Training",
    priceLabel: `$${PLANS.premium.price}`,
    period: "/month",
    tagline: "Practice on realistic scams, safely.",
    features: [
      SAMPLE_FEATURE,
      "Feedback on every red flag you missed",
      "Weekly in-depth lessons",
      "Scam updates as new tricks appear",
      "Priority support",
    ],
    highlighted: true,
    buttonText: "Join Training Program",
    buttonLink: "/checkout?plan=premium",
    previewFeature: SAMPLE_FEATURE,
  },
  {
    key: "family",
    name: "Family Training",
    priceLabel: `$${PLANS.family.price}`,
    period: "/month",
    tagline: `The Training Program for up to ${PLANS.family.people} people.`,
    features: [
      `Everything in Training for up to ${PLANS.family.people} people`,
      "Practice messages matched to each family member",
      "Family progress at a glance",
      "Priority support",
    ],
    highlighted: false,
    buttonText: "Protect Your Family",
    buttonLink: "/checkout?plan=family",
  },
];
