/**
 * The figures in the home page's "Did you know?" box, each tied to the published source it comes
 * from. A figure without a source someone can open and check does not go on the page: see
 * docs/decisions/017-home-statistics.md for the figures SPEC.md listed and what replaced them.
 */
import type { MessageKey } from "~/i18n/messages/en";

export type StatisticSource = {
  publisher: string;
  title: string;
  /** When the source was published (year and month), shown in the footnote in the page's language. */
  published: { year: number; month: number };
  href: string;
};

export type Statistic = {
  /** The figure as written (the same in US English and US Spanish), or in words from the catalogue. */
  figure: { written: string } | { words: MessageKey };
  text: MessageKey;
  /** Index into STATISTIC_SOURCES; footnotes are numbered from 1 in that order. */
  source: number;
};

export const STATISTIC_SOURCES: StatisticSource[] = [
  {
    publisher: "FBI Internet Crime Complaint Center (IC3)",
    title: "2024 Internet Crime Report",
    published: { year: 2025, month: 4 },
    href: "https://www.ic3.gov/AnnualReport/Reports/2024_IC3Report.pdf",
  },
  {
    publisher: "UK Safer Internet Centre",
    title: "Almost half of 8 to 17-year-olds have been scammed online",
    published: { year: 2025, month: 2 },
    href: "https://saferinternet.org.uk/blog/almost-half-of-8-to-17-year-olds-have-been-scammed-online",
  },
  {
    publisher: "Verizon",
    title: "2024 Data Breach Investigations Report",
    published: { year: 2024, month: 5 },
    href: "https://www.verizon.com/business/resources/reports/dbir/",
  },
];

export const STATISTICS: Statistic[] = [
  { figure: { written: "859,532" }, text: "home.stat.complaints", source: 0 },
  { figure: { written: "$19,372" }, text: "home.stat.averageLoss", source: 0 },
  { figure: { written: "193,407" }, text: "home.stat.phishing", source: 0 },
  { figure: { words: "home.stat.age8Figure" }, text: "home.stat.age8", source: 1 },
  { figure: { written: "68%" }, text: "home.stat.breaches", source: 2 },
];
