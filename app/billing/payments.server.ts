import { getEnv } from "~/config/env.server";
import type { Database } from "~/db/client.server";
import { createDemoProvider } from "./demo-provider.server";
import type { PaymentProvider } from "./payment-provider.server";
import { createStripeProvider } from "./stripe-provider.server";

let stripeProvider: { env: object; provider: PaymentProvider } | undefined;

/**
 * The provider this site runs with, chosen by configuration (env.paymentMode): Stripe, the demo,
 * or none at all (production without Stripe keys), in which case checkout refuses clearly.
 */
export function getPaymentProvider(db: Database): PaymentProvider | null {
  const env = getEnv();
  if (env.paymentMode === "stripe") {
    // One client per configuration (tests change the configuration between suites).
    if (stripeProvider?.env !== env) {
      const provider = createStripeProvider({
        secretKey: env.STRIPE_SECRET_KEY!,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
        prices: { premium: env.STRIPE_PRICE_PREMIUM!, family: env.STRIPE_PRICE_FAMILY! },
        apiBase: env.STRIPE_API_BASE,
      });
      stripeProvider = { env, provider };
    }
    return stripeProvider.provider;
  }
  if (env.paymentMode === "demo") return createDemoProvider(db);
  return null;
}
