import type { Locale } from "./locales";
import type { Translate } from "./translate";

/**
 * Something worded in a language (a form's zod schemas), built once per language and kept: the
 * browser and the server's action then parse with the same object.
 */
export function builtOncePerLocale<T>(build: (t: Translate) => T): (t: Translate) => T {
  const built = new Map<Locale, T>();
  return (t) => {
    let value = built.get(t.locale);
    if (value === undefined) {
      value = build(t);
      built.set(t.locale, value);
    }
    return value;
  };
}
