import { compose, type EmailContent, type MailBranding } from "~/mail/templates";

/**
 * The weekly summaries: a short note to each person about last week's practice message (so people
 * who never clicked still learn its warning signs), and the account holder's family results.
 * Both buttons of a person's note lead to the message's feedback page; opening it never counts as
 * a click, and a spot is recorded only by pressing "I spotted it" there (a POST), never by a link.
 */

const SPOTTED_BUTTON = "I spotted it";
const NOT_NOTICED_BUTTON = "I didn't notice";

export function summariesUnsubscribeUrl(siteUrl: string, token: string) {
  return `${siteUrl}/training/summaries/unsubscribe?token=${encodeURIComponent(token)}`;
}

function oneLine(value: string, max = 80) {
  const flat = value.replace(/[\r\n\t]+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The public "Is this a scam?" checker, for the real messages between practice ones. */
function checkerLine(brand: MailBranding) {
  return `A real message worries you? Paste it into "Is this a scam?" to see its warning signs explained (nothing you paste is stored): ${brand.siteUrl}/check`;
}

interface PersonSummaryInput {
  name: string;
  scenarioTitle: string;
  channel: "email" | "sms";
  /** `${PRACTICE_LINK_ORIGIN}/practice/<token>/feedback`. */
  feedbackUrl: string;
  /** The free course, in the track for the person's age: `${APP_URL}/course?track=kids`. */
  courseUrl: string;
  unsubscribeUrl: string;
}

export function personSummaryEmail(brand: MailBranding, input: PersonSummaryInput): EmailContent {
  const what = input.channel === "email" ? "practice email" : "practice text";
  return compose(brand, `Last week's ${what}: did you spot it?`, `Hello ${oneLine(input.name)},`, [
    {
      kind: "p",
      text: `Last week you got a ${what} from ${brand.productName}: "${oneLine(input.scenarioTitle)}". It was pretend, and nothing happened.`,
    },
    {
      kind: "p",
      text: "Did you spot it? Either way, the page below shows every warning sign it had, so you will know it next time.",
    },
    { kind: "button", label: SPOTTED_BUTTON, url: input.feedbackUrl },
    { kind: "button", label: NOT_NOTICED_BUTTON, url: input.feedbackUrl },
    { kind: "p", text: `If you spotted it, press "${SPOTTED_BUTTON}" on that page to count it.` },
    { kind: "p", text: `Learn more in the free course, written for your age: ${input.courseUrl}` },
    { kind: "p", text: checkerLine(brand) },
    { kind: "p", text: `No more weekly notes like this one (practice messages go on): ${input.unsubscribeUrl}` },
  ]);
}

export function personSummaryText(brand: MailBranding, input: PersonSummaryInput): string {
  return `${brand.productName}: last week's practice text was "${oneLine(input.scenarioTitle, 60)}". Did you spot it? See its warning signs: ${input.feedbackUrl} No more weekly notes: ${input.unsubscribeUrl} Reply STOP to end all texts.`;
}

interface FamilySummaryInput {
  holderName: string;
  /** One line per person: "Sam: spotted 1 of 1 practice message". */
  lines: string[];
  monthLine: string;
  dashboardUrl: string;
  unsubscribeUrl: string;
}

export function familySummaryEmail(brand: MailBranding, input: FamilySummaryInput): EmailContent {
  return compose(brand, "Last week's practice at home: the family summary", `Hello ${oneLine(input.holderName)},`, [
    { kind: "p", text: "Here is how your family did with last week's practice messages:" },
    ...input.lines.map((line) => ({ kind: "p" as const, text: line })),
    { kind: "p", text: input.monthLine.endsWith(".") ? input.monthLine : `${input.monthLine}.` },
    { kind: "button", label: "See your family's results", url: input.dashboardUrl },
    {
      kind: "p",
      text: "Got a real scam? Report it at reportfraud.ftc.gov or ic3.gov, and forward scam texts to 7726. Please don't forward real ones to us.",
    },
    { kind: "p", text: checkerLine(brand) },
    { kind: "p", text: `No more weekly family summaries: ${input.unsubscribeUrl}` },
  ]);
}

/**
 * The person's note in Spanish, for someone who reads it (issue #39): "usted" to adults, "tú" to
 * children and teenagers, the same buttons to the same feedback page (in Spanish there too), and
 * the Spanish checker.
 */
export function personSummaryEmailEs(
  brand: MailBranding,
  input: PersonSummaryInput & { young: boolean },
): EmailContent {
  const what = input.channel === "email" ? "correo de práctica" : "mensaje de texto de práctica";
  const title = oneLine(input.scenarioTitle);
  const checker = `${brand.siteUrl}/es/check`;
  const words = input.young
    ? {
        subject: `El ${what} de la semana pasada: ¿descubriste la estafa?`,
        got: `La semana pasada recibiste un ${what} de ${brand.productName}: "${title}". Era de mentira, y no pasó nada.`,
        spot: "¿Descubriste la estafa? Sea como sea, la página de abajo te muestra todas sus pistas, para que la reconozcas la próxima vez.",
        count: 'Si la descubriste, presiona "La descubrí" en esa página para que cuente.',
        course: `Aprende más en el curso gratis (en inglés), escrito para tu edad: ${input.courseUrl}`,
        checker: `¿Te preocupa un mensaje de verdad? Pégalo en "¿Es una estafa?" para ver sus señales de alerta explicadas (no se guarda nada de lo que pegues): ${checker}`,
      }
    : {
        subject: `El ${what} de la semana pasada: ¿descubrió la estafa?`,
        got: `La semana pasada recibió un ${what} de ${brand.productName}: "${title}". Era de mentira, y no pasó nada.`,
        spot: "¿Descubrió la estafa? Sea como sea, la página de abajo muestra todas sus señales de alerta, para que la reconozca la próxima vez.",
        count: 'Si la descubrió, presione "La descubrí" en esa página para que cuente.',
        course: `Aprenda más en el curso gratis (en inglés), escrito para su edad: ${input.courseUrl}`,
        checker: `¿Le preocupa un mensaje de verdad? Péguelo en "¿Es una estafa?" para ver sus señales de alerta explicadas (no se guarda nada de lo que pegue): ${checker}`,
      };
  return compose(
    brand,
    words.subject,
    `Hola, ${oneLine(input.name)}:`,
    [
      { kind: "p", text: words.got },
      { kind: "p", text: words.spot },
      { kind: "button", label: "La descubrí", url: input.feedbackUrl },
      { kind: "button", label: "No me di cuenta", url: input.feedbackUrl },
      { kind: "p", text: words.count },
      { kind: "p", text: words.course },
      { kind: "p", text: words.checker },
      {
        kind: "p",
        text: `Para no recibir más notas semanales como esta (los mensajes de práctica siguen): ${input.unsubscribeUrl}`,
      },
    ],
    "es",
  );
}

export function personSummaryTextEs(brand: MailBranding, input: PersonSummaryInput & { young: boolean }): string {
  const title = oneLine(input.scenarioTitle, 60);
  return input.young
    ? `${brand.productName}: el mensaje de práctica de la semana pasada fue "${title}". ¿Descubriste la estafa? Mira sus pistas: ${input.feedbackUrl} Sin más notas semanales: ${input.unsubscribeUrl} Responde STOP para terminar todos los textos.`
    : `${brand.productName}: el mensaje de práctica de la semana pasada fue "${title}". ¿Descubrió la estafa? Vea sus señales de alerta: ${input.feedbackUrl} Sin más notas semanales: ${input.unsubscribeUrl} Responda STOP para terminar todos los textos.`;
}
