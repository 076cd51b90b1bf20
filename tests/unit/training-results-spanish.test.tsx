import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { translatorFor } from "~/i18n/translate";
import { codeWordSaved, codeWordSchemaFor } from "~/training/people/code-word";
import { CodeWordForm } from "~/training/people/code-word-form";
import { spotNoticesSaved, spotNoticesSchemaFor } from "~/training/people/spot-notices";
import { sendPracticeNowSchemaFor } from "~/training/sending/send-practice-now";
import { holderResultLine } from "~/training/results/holder-message-view.server";
import type { AddressView, ContactView } from "~/training/people/contact-view";
import { SetupChecklistCard } from "~/training/people/setup-checklist-card";
import { SpotNoticesForm } from "~/training/people/spot-notices-form";
import { FamilyResultsSection } from "~/training/results/family-results";
import {
  OUTCOME_LABELS,
  type FamilyResults,
  type PersonResults,
  type PracticeMessageRow,
} from "~/training/results/family-results-view";
import {
  familySummaryLine,
  itemFigures,
  levelInWords,
  recentWeeks,
  resultLine,
  streakLabel,
  sumTallies,
  summaryTone,
  tallyOutcomes,
  type PracticeOutcome,
} from "~/training/results/practice-results";

/**
 * Your Training Program's results, set-up checklist and family settings in Spanish on
 * /es/account/training (issue #39): Spanish words, and none of the common English ones left in
 * what the page shows; the English page keeps its words.
 */

const NOW = new Date("2026-11-19T15:00:00Z");
const ZONE = "America/New_York";

function row(
  id: string,
  sentAt: string,
  channel: "email" | "sms",
  outcome: PracticeOutcome,
  extra: Partial<PracticeMessageRow> = {},
): PracticeMessageRow {
  return {
    id,
    sentAt,
    dateLabel: "",
    scenarioTitle: "Su paquete está retenido en el centro de envíos",
    scenarioLanguage: "es",
    channel,
    outcome,
    outcomeLabel: OUTCOME_LABELS[outcome],
    sequenceLine: null,
    sequence: null,
    feedbackHref: `/account/training/messages/${id}`,
    ...extra,
  };
}

function person(
  contactId: string,
  name: string,
  messages: PracticeMessageRow[],
  level = 2,
  firstLevel = level,
): PersonResults {
  const figures = itemFigures(
    messages.map((message) => ({
      outcome: message.outcome,
      secondsToReport: message.outcome === "reported" ? 1800 : null,
    })),
  );
  const month = tallyOutcomes(messages);
  const trend = recentWeeks(NOW, ZONE, 12).map((week, index) => ({
    ...week,
    sent: index === 11 ? messages.length : 0,
    spotted: index === 11 ? figures.spotted + figures.reported : 0,
    checkedFirst: 0,
    waiting: 0,
  }));
  return {
    contactId,
    name,
    timeZone: ZONE,
    figures,
    reportRate: "",
    fallRate: "",
    ratesNote: null,
    medianTimeToReport: "",
    level,
    levelLabel: levelInWords(level),
    firstLevelLabel: levelInWords(firstLevel),
    firstLevel,
    month,
    monthLine: resultLine(month),
    lastMessage: messages[0] ?? null,
    weeksWithoutAFall: messages.length ? 1 : 0,
    streakLabel: streakLabel(messages.length ? 1 : 0, figures.sent),
    trend,
    messages,
  };
}

const rosa = person("rosa", "Rosa Díaz", [
  row("m4", "2026-11-18T15:00:00Z", "sms", "waiting"),
  row("m1", "2026-11-17T15:00:00Z", "email", "spotted"),
  row("m2", "2026-11-10T15:00:00Z", "sms", "reported"),
  row("m3", "2026-11-03T15:00:00Z", "email", "fell", {
    scenarioTitle: "Un nuevo número de su hijo",
    sequence: { id: "nuevo-numero", steps: 3, reached: 2, answeredAt: 2 },
  }),
]);
const jorge = person("jorge", "Jorge", [], 1, 2);
const leo = person("leo", "Leo", []);

const line = resultLine(sumTallies([rosa.month, jorge.month, leo.month]));
const RESULTS: FamilyResults = {
  summaryLine: familySummaryLine(line.spotted, line.sent, line.waiting),
  summaryTone: summaryTone(line.spotted, line.sent - line.waiting),
  month: sumTallies([rosa.month, jorge.month, leo.month]),
  monthLine: line,
  monthSpotted: line.spotted,
  monthSent: line.sent,
  monthWaiting: line.waiting,
  responseWindowDays: 3,
  people: [rosa, jorge, leo],
};

function contact(name: string, overrides: Partial<ContactView> = {}): ContactView {
  const address: AddressView = {
    channel: "email",
    address: `${name.toLowerCase()}@example.com`,
    state: "waiting",
    since: null,
    how: null,
    paused: null,
    resting: null,
    delivery: null,
  };
  return {
    id: name,
    name,
    ageBand: "adult",
    ageBandLabel: "Adult",
    email: address.address,
    phone: null,
    emailEnabled: true,
    smsEnabled: false,
    timeZone: ZONE,
    language: "es",
    status: "waiting",
    statusLabel: "Waiting for consent",
    minor: false,
    ageBandSet: true,
    isHolder: false,
    guardianConfirmedAt: null,
    addresses: [address],
    noticeSentAt: null,
    ...overrides,
  };
}

function Page() {
  return (
    <>
      <SetupChecklistCard
        contacts={[
          contact("Rosa", { ageBandSet: false }),
          contact("Jorge", { ageBandSet: false }),
          contact("Sofía", { minor: true, ageBand: "child" }),
          contact("Carmen"),
        ]}
      />
      <FamilyResultsSection
        results={RESULTS}
        settings={
          <>
            <SpotNoticesForm enabled />
            <CodeWordForm agreedAt="2026-11-28T12:00:00.000Z" />
          </>
        }
        stopped={new Set(["leo"])}
      />
    </>
  );
}

function render(path: string, element: ReactElement = <Page />): string {
  const Stub = createRoutesStub([
    { path: "/account/training", Component: () => element },
    { path: "/es/account/training", Component: () => element },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={[path]} />);
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&#x27;": "'", "&lt;": "<", "&gt;": ">" };

/** What a reader sees: the text between the tags, and what a screen reader says for a label. */
function visibleText(html: string): string {
  const labels = [...html.matchAll(/aria-label="([^"]*)"/g)].map((match) => match[1]);
  // Words inside a line (a link, a date, bold words) run on; blocks are apart.
  const inline = html.replace(/<\/?(?:a|b|span|strong|time)\b[^>]*>/g, "");
  return [inline.replace(/<[^>]+>/g, " "), ...labels]
    .join(" ")
    .replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => ENTITIES[entity]!)
    .replace(/\s+/g, " ");
}

const ENGLISH_WORDS = ["the", "your", "and", "practice", "message", "week", "sent", "family", "people"];

describe("Your Training Program's results in Spanish (/es/account/training)", () => {
  const html = render("/es/account/training");
  const text = visibleText(html);

  it("words the results, the set-up checklist and the family settings in Spanish", () => {
    for (const spanish of [
      "Prepare el entrenamiento de su familia",
      "Elija el grupo de edad de Rosa y Jorge (con el botón Editar de su tarjeta).",
      "Confirme que usted es el padre, la madre o el tutor legal de Sofía.",
      "Cómo le va a su familia",
      "Este mes su familia descubrió 2 de 4 mensajes de práctica; 1 todavía espera respuesta",
      "Descubiertos: 2 de 4 (1 reportado), solo abiertos: 0, cayó en la trampa: 1, sin respuesta aún: 1",
      "Último mensaje: 18 nov 2026, mensaje de texto, en espera",
      "Nivel 2 de 3: mensajes con menos pistas",
      "Resultados de Rosa Díaz, desde el principio",
      "1 semana seguida sin caer en la trampa",
      "Porcentaje reportado 33%",
      "Tiempo típico hasta reportar (mediana) 30 min",
      "Una estafa contada en 3 pasos: se enviaron los pasos 1–2; pulsó el botón en el paso 2",
      "17 nov 2026 · Correo",
      "Lo descubrió",
      "Rosa Díaz, últimas 12 semanas: descubrió 2 de 4 mensajes de práctica.",
      "Semana del",
      "Todavía no hay mensajes de práctica para Jorge. Empezará en el nivel 2 de 3: mensajes con menos pistas.",
      "Leo pidió dejar de recibir mensajes de práctica, así que no se le envió ninguno.",
      "Descargar todo lo que guardamos sobre Rosa Díaz (JSON)",
      "durante los primeros 3 días",
      "Qué significa cada resultado",
      "Avíseme cuando alguien descubra uno",
      "Nuestra familia tiene una palabra clave",
      "La acordaron el 28 de noviembre de 2026.",
      "¿Recibió una estafa de verdad? Repórtela donde sirve",
    ]) {
      expect(text).toContain(spanish);
    }
    expect(html).toContain('href="https://reportefraude.ftc.gov"');
  });

  it("links each message to the holder's view in the Spanish edition", () => {
    expect(html).toContain('href="/es/account/training/messages/m1"');
    expect(html).not.toContain('href="/account/training/messages/');
  });

  it("leaves none of the common English words in what the page shows", () => {
    const words = new Set(text.toLowerCase().match(/\p{L}+/gu));
    expect(ENGLISH_WORDS.filter((word) => words.has(word))).toEqual([]);
  });

  it("marks a message title written in English with its language", () => {
    const english = {
      ...RESULTS,
      people: [
        {
          ...rosa,
          messages: [
            row("m9", "2026-11-17T15:00:00Z", "email", "spotted", {
              scenarioTitle: "Parcel held at the depot",
              scenarioLanguage: "en",
            }),
          ],
        },
      ],
    };
    const page = render("/es/account/training", <FamilyResultsSection results={english} />);
    expect(page).toContain('<p class="font-medium" lang="en">Parcel held at the depot</p>');
  });
});

describe("Your Training Program's results in English (/account/training)", () => {
  const html = render("/account/training");
  const text = visibleText(html);

  it("keeps its English words", () => {
    for (const english of [
      "Set up your family's training",
      "Choose the age group of Rosa and Jorge (Edit, on their card).",
      "How your family is doing",
      RESULTS.summaryLine,
      "This month your family spotted 2 of 4 practice messages; 1 is still waiting for an answer",
      "Spotted 2 of 4 (1 reported), opened only 0, fell for 1, no answer yet 1",
      "Last message: Nov 18, 2026, text, waiting",
      "Level 2 of 3: messages with fewer clues",
      "Results for Rosa Díaz, since the start",
      "1 week in a row without a fall",
      "Report rate 33%",
      "Median time to report 30 min",
      "A scam told in 3 steps: steps 1–2 sent; pressed the button at step 2",
      "Nov 17, 2026 · Email",
      "Rosa Díaz, last 12 weeks: spotted 2 of 4 practice messages.",
      "No practice messages for Jorge yet. They start at level 2 of 3: messages with fewer clues.",
      "Leo stopped practice messages, so none went out.",
      "Download everything we hold about Rosa Díaz (JSON)",
      "A new message shows “Waiting” for its first 3 days.",
      "Whole family this month: Spotted 2 of 4 (1 reported)",
      "Tell me when someone spots one",
      "Our family has a code word",
      "Agreed on November 28, 2026.",
      "Got a real scam? Report it where it helps",
      "Week of",
    ]) {
      expect(text).toContain(english);
    }
    expect(html).toContain('href="/account/training/messages/m1"');
    expect(html).toContain('href="https://reportfraud.ftc.gov"');
    // A Spanish title on the English page says it is Spanish.
    expect(html).toContain('lang="es">Su paquete está retenido en el centro de envíos</p>');
  });
});

describe("the answers to the family settings, send-now and the holder's message page in Spanish", () => {
  const es = translatorFor("es");

  it("words the toasts and the form problems in Spanish, and keeps the English ones", () => {
    expect(spotNoticesSaved(true, es).title).toBe("Le avisaremos");
    expect(spotNoticesSaved(false).title).toBe("No more spot emails");
    expect(codeWordSaved(new Date("2026-11-28T12:00:00Z"), es).message).toBe(
      "Anotamos que su familia acordó una palabra clave el 28 de noviembre de 2026. Nunca le pediremos la palabra.",
    );
    expect(codeWordSaved(new Date("2026-11-28T12:00:00Z")).message).toBe(
      "We noted that your family agreed a code word on November 28, 2026. We never ask for the word itself.",
    );
    expect(spotNoticesSchemaFor(es).safeParse({ enabled: "yes" }).error?.issues[0]?.message).toBe(
      "Use la casilla “Avíseme cuando alguien descubra uno” de esta página.",
    );
    expect(codeWordSchemaFor(es).safeParse({ has: "on", agreedOn: "2026-02-30" }).error?.issues[0]?.message).toBe(
      "Escriba una fecha que exista.",
    );
    expect(
      sendPracticeNowSchemaFor(es).safeParse({ intent: "send-now", contactId: "x" }).error?.issues[0]?.message,
    ).toBe("Elija a una persona de su Programa de entrenamiento.");
  });

  it("tells the holder what happened to a message in Spanish", () => {
    expect(holderResultLine("Rosa", "spotted", 3, es)).toBe("Rosa lo descubrió.");
    expect(holderResultLine("Rosa", "no-response", 1, es)).toBe("Rosa no respondió a este mensaje en 1 día.");
    expect(holderResultLine("Rosa", "checked-first", 3)).toBe(
      "Rosa checked first: asked for the code word, or said they would call back on a number they know.",
    );
  });
});
