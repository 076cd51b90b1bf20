/** SPEC.md section 8, account messages. */
export const ACCOUNT_BILLING_MESSAGES = {
  portalError: {
    title: "Error opening subscription management",
    text: "Failed to open subscription management. Please try again later.",
  },
  refreshError: {
    title: "Error refreshing subscription",
    text: "Failed to refresh your subscription details. Please try again.",
  },
  refreshed: { title: "Refreshed subscription details" },
  loadError: {
    title: "Error loading subscription",
    text: "Failed to load your subscription details. Please try again.",
  },
} as const;
