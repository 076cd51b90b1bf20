/** `import text from "./x.inline.ts?inline-script"`: the script's compiled text (vite-inline-scripts.ts). */
declare module "*?inline-script" {
  const script: string;
  export default script;
}
