import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names. Components avoid conflicting utilities instead of merging them at run time,
 * which keeps a class-merging library out of every page's JavaScript.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
