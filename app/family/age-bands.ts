/**
 * A family member's age group: asked at checkout and on their card, it decides their quiet hours
 * (school hours for children and teens), who says yes for them, and which practice scenarios and
 * course track suit them. child = 8-12, teen = 13-17.
 */
export const AGE_BANDS = ["child", "teen", "adult", "older-adult"] as const;
export type AgeBand = (typeof AGE_BANDS)[number];
