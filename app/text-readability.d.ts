// text-readability ships no types; only the measures the course's reading-level check uses.
declare module "text-readability" {
  const readability: {
    fleschKincaidGrade(text: string): number;
    lexiconCount(text: string, removePunctuation?: boolean): number;
    sentenceCount(text: string): number;
  };
  export default readability;
}
