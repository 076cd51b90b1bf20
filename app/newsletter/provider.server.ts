import { getEnv } from "~/config/env.server";

/**
 * The newsletter's outside provider. Our newsletter_subscribers table is the source of truth; the
 * provider receives a copy of each subscriber's current state so campaigns can be sent from it.
 * Without MAILERLITE_API_KEY there is no provider and the table alone is the list (the local mode).
 */
export interface NewsletterContact {
  email: string;
  name: string | null;
  status: "active" | "unsubscribed";
}

export interface NewsletterProvider {
  name: "mailerlite";
  /** Creates or updates the subscriber. Throws ProviderError on failure. */
  upsert(contact: NewsletterContact): Promise<{ outcome: "created" | "updated" }>;
}

/** `permanent`: retrying the same request cannot succeed (e.g. the provider refused the address). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

export interface MailerLiteOptions {
  apiKey: string;
  /** e.g. https://connect.mailerlite.com (no trailing /api). */
  baseUrl: string;
  groupId?: string;
  timeoutMs?: number;
}

/**
 * MailerLite's REST API: POST /api/subscribers creates a subscriber (201) or updates the existing
 * one with that email (200); both mean the provider now has our state. 408, 429 and 5xx are worth
 * retrying; any other 4xx is a refusal that retrying will not change.
 */
export function mailerLiteProvider(options: MailerLiteOptions): NewsletterProvider {
  const endpoint = `${options.baseUrl.replace(/\/+$/, "")}/api/subscribers`;
  return {
    name: "mailerlite",
    async upsert(contact) {
      const body: Record<string, unknown> = { email: contact.email, status: contact.status };
      if (contact.name) body.fields = { name: contact.name };
      if (options.groupId) body.groups = [options.groupId];
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: "POST",
          headers: {
            Authorization: `Bearer ${options.apiKey}`,
            "Content-Type": "application/json",
            Accept: "application/json",
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new ProviderError(
          `MailerLite could not be reached: ${error instanceof Error ? error.message : String(error)}`,
          false,
        );
      }
      if (response.status === 201) return { outcome: "created" };
      if (response.status === 200) return { outcome: "updated" };
      const detail = await response.text().then(
        (text) => {
          try {
            return String((JSON.parse(text) as { message?: unknown }).message ?? text);
          } catch {
            return text;
          }
        },
        () => "",
      );
      const retryable = response.status === 408 || response.status === 429 || response.status >= 500;
      throw new ProviderError(
        `MailerLite answered ${response.status}${detail ? `: ${detail.slice(0, 300)}` : ""}`,
        !retryable,
        response.status,
      );
    },
  };
}

/** MailerLite when MAILERLITE_API_KEY is set; otherwise none (our table is the whole list). */
export function createNewsletterProvider(): NewsletterProvider | null {
  const env = getEnv();
  if (!env.MAILERLITE_API_KEY) return null;
  return mailerLiteProvider({
    apiKey: env.MAILERLITE_API_KEY,
    baseUrl: env.MAILERLITE_API_URL,
    groupId: env.MAILERLITE_GROUP_ID,
  });
}
