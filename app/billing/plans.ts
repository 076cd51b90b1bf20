/**
 * The one price table. Plan cards, checkout, the order summary and the payment provider all read
 * from here; the browser never sends an amount.
 */
import type { MessageKey } from "~/i18n/messages/en";
import { translatorFor, type Translate } from "~/i18n/translate";

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

const FAMILY_PEOPLE = 5;

/** A plan's name and one-line description in `t`'s language (checkout, the demo payment page, receipts). */
export function planNameIn(t: Translate, id: PaidPlanId): string {
  return id === "family" ? t("planName.family") : t("planName.premium");
}

export function planDescriptionIn(t: Translate, id: PaidPlanId): string {
  return id === "family" ? t("planDescription.family", { people: FAMILY_PEOPLE }) : t("planDescription.premium");
}

const english = translatorFor("en");

/** Names and descriptions in English: what the payment provider and the holder's English pages show. */
export const PLANS: Record<PaidPlanId, Plan> = {
  premium: {
    id: "premium",
    name: planNameIn(english, "premium"),
    description: planDescriptionIn(english, "premium"),
    price: 10,
    people: 1,
  },
  family: {
    id: "family",
    name: planNameIn(english, "family"),
    description: planDescriptionIn(english, "family"),
    price: 25,
    people: FAMILY_PEOPLE,
  },
};

/** Extra people a family plan can add besides the buyer. */
export const MAX_FAMILY_MEMBERS = PLANS.family.people - 1;

export const PAID_PLAN_IDS = Object.keys(PLANS) as PaidPlanId[];

export function isPaidPlanId(value: unknown): value is PaidPlanId {
  return typeof value === "string" && value in PLANS;
}

/**
 * A plan as the home and pricing pages show it. Its words are catalogue keys (app/i18n), so the
 * same cards read in English and in Spanish; `people` and `price` fill them in.
 */
export interface PlanCard {
  key: "learning" | PaidPlanId;
  name: MessageKey;
  /** The monthly price in dollars; none for the free plan. */
  price?: number;
  tagline: MessageKey;
  features: MessageKey[];
  highlighted: boolean;
  buttonText: MessageKey;
  buttonLink: string;
  /** The feature that opens the sample practice emails dialog. */
  previewFeature?: MessageKey;
}

export const PLAN_CARDS: PlanCard[] = [
  {
    key: "learning",
    name: "plan.learning.name",
    tagline: "plan.learning.tagline",
    features: ["plan.learning.course", "plan.learning.lessons", "plan.learning.selfChecks", "plan.learning.forum"],
    highlighted: false,
    buttonText: "plan.learning.button",
    buttonLink: "/course",
  },
  {
    key: "premium",
    name: "plan.premium.name",
    price: PLANS.premium.price,
    tagline: "plan.premium.tagline",
    features: [
      "plan.premium.samples",
      "plan.premium.feedback",
      "plan.premium.weekly",
      "plan.premium.updates",
      "plan.prioritySupport",
    ],
    highlighted: true,
    buttonText: "plan.premium.button",
    buttonLink: "/checkout?plan=premium",
    previewFeature: "plan.premium.samples",
  },
  {
    key: "family",
    name: "plan.family.name",
    price: PLANS.family.price,
    tagline: "plan.family.tagline",
    features: ["plan.family.everything", "plan.family.matched", "plan.family.progress", "plan.prioritySupport"],
    highlighted: false,
    buttonText: "plan.family.button",
    buttonLink: "/checkout?plan=family",
  },
];

/** How many people the family plan covers: the value the cards' words take. */
export const PLAN_CARD_VALUES = { people: PLANS.family.people } as const;
