/**
 * How a practice landing page looks: like the invented organisation that "sent" the message, not
 * like scam-free. Each scenario file names a colour and one of these simple marks
 * (`landing.colour`, `landing.mark`); the page draws the mark beside the organisation's name.
 */
export const LANDING_MARKS = [
  "bank",
  "parcel",
  "shield",
  "gift",
  "star",
  "trophy",
  "game",
  "coins",
  "mail",
  "phone",
  "document",
  "heart",
  "car",
  "ticket",
  "cart",
  "briefcase",
  "receipt",
  "screen",
  "lock",
  "building",
  "badge",
] as const;
export type LandingMark = (typeof LANDING_MARKS)[number];

/** sRGB relative luminance (WCAG 2.x) of "#rrggbb". */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio of white text on this colour: the page's bar and button put white on it. */
export function whiteTextContrast(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

/** AA for normal text. */
export const MIN_LANDING_CONTRAST = 4.5;
