// punycode.js (the npm package, not Node's deprecated built-in of the same name) ships no types.
declare module "punycode/punycode.js" {
  const punycode: { toUnicode(domain: string): string; toASCII(domain: string): string };
  export default punycode;
}
