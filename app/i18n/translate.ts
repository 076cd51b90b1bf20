import { IntlMessageFormat } from "intl-messageformat";
import { Children, type ReactNode } from "react";
import type { Locale } from "./locales";
import { en, type MessageKey } from "./messages/en";
import { es } from "./messages/es";

/**
 * UI strings come from one catalogue per language (messages/en.ts, messages/es.ts), written in
 * ICU MessageFormat so plurals, numbers and inserted words are part of the sentence, never glued
 * on: "{count, plural, one {# warning sign} other {# warning signs}}". intl-messageformat
 * (FormatJS) formats them with the locale's own Intl rules. A link or bold words inside a sentence
 * are tags ("<link>ic3.gov</link>") that `rich` fills with elements. Decision 049.
 */

export const CATALOGUES: Record<Locale, Record<MessageKey, string>> = { en, es };

/** The Intl locale of each edition: US English, and the Spanish of the United States ("20,000", "$25.00"). */
export const INTL_LOCALE: Record<Locale, string> = { en: "en-US", es: "es-US" };

export type MessageValues = Record<string, string | number>;
export type RichValues = Record<string, string | number | ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

export interface Translate {
  (key: MessageKey, values?: MessageValues): string;
  /** A sentence with elements in it: tags become what their function returns. */
  rich(key: MessageKey, values: RichValues): ReactNode[];
  /** "a, b and c" / "a, b y c". */
  list(items: string[]): string;
  locale: Locale;
}

const compiled = new Map<string, IntlMessageFormat>();

function formatterFor(locale: Locale, key: MessageKey): IntlMessageFormat {
  const cacheKey = `${locale}\u0000${key}`;
  let formatter = compiled.get(cacheKey);
  if (!formatter) {
    formatter = new IntlMessageFormat(CATALOGUES[locale][key], INTL_LOCALE[locale]);
    compiled.set(cacheKey, formatter);
  }
  return formatter;
}

export function translate(locale: Locale, key: MessageKey, values?: MessageValues): string {
  return String(formatterFor(locale, key).format(values));
}

const translators = new Map<Locale, Translate>();

export function translatorFor(locale: Locale): Translate {
  let translator = translators.get(locale);
  if (!translator) {
    const lists = new Intl.ListFormat(INTL_LOCALE[locale], { style: "long", type: "conjunction" });
    translator = Object.assign((key: MessageKey, values?: MessageValues) => translate(locale, key, values), {
      rich: (key: MessageKey, values: RichValues) => {
        const result = formatterFor(locale, key).format<ReactNode>(values as never);
        // Keyed, so React can render the pieces as a list.
        return Children.toArray(Array.isArray(result) ? result : [result]);
      },
      list: (items: string[]) => lists.format(items),
      locale,
    });
    translators.set(locale, translator);
  }
  return translator;
}
