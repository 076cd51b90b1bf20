/**
 * The figures in the home page's "Did you know?" box, each tied to the published source it comes
 * from. A figure without a source someone can open and check does not go on the page: see
 * docs/decisions/017-home-statistics.md for the figures SPEC.md listed and what replaced them.
 */
export type StatisticSource = {
  publisher: string;
  title: string;
  /** When the source was published, as shown in the footnote. */
  published: string;
  href: string;
};

export type Statistic = {
  figure: string;
  text: string;
  /** Index into STATISTIC_SOURCES; footnotes are numbered from 1 in that order. */
  source: number;
};

export const STATISTIC_SOURCES: StatisticSource[] = [
  {
    publisher: "FBI Internet Crime Complaint Center (IC3)",
    title: "2024 Internet Crime Report",
    published: "April 2025",
    href: "https://www.ic3.gov/AnnualReport/Reports/2024_IC3Report.pdf",
  },
  {
    publisher: "UK Safer Internet Centre",
    title: "Almost half of 8 to 17-year-olds have been scammed online",
    published: "February 2025",
    href: "https://saferinternet.org.uk/blog/almost-half-of-8-to-17-year-olds-have-been-scammed-online",
  },
  {
    publisher: "Verizon",
    title: "2024 Data Breach Investigations Report",
    published: "May 2024",
    href: "https://www.verizon.com/business/resources/reports/dbir/",
  },
];

export const STATISTICS: Statistic[] = [
  { figure: "859,532", text: "complaints about internet crime sent to the FBI in 2024", source: 0 },
  { figure: "$19,372", text: "lost on average per complaint to the FBI in 2024", source: 0 },
  { figure: "193,407", text: "phishing complaints in 2024, more than any other crime", source: 0 },
  { figure: "Age 8", text: "children as young as 8 are targeted, and some lose money", source: 1 },
  { figure: "68%", text: "of data breaches involved a person being tricked or making a mistake", source: 2 },
];
