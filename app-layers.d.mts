/** Types for app-layers.mjs (read by eslint.config.js and tests/unit/app-layers.test.ts). */
export declare const APP_LAYERS: readonly (readonly string[])[];
export declare function foldersAbove(folder: string): string[];
