import { compose, type EmailContent, type MailBranding } from "~/mail/templates";
import { nameForStranger } from "./stranger-names";
import type { NoticeInput } from "./training-emails";

/**
 * The notices and answers of training-emails.ts for a family member who reads Spanish (issue #39),
 * written in US Spanish rather than translated line by line: "usted" to adults and older adults,
 * "tú" to children and teenagers. The same facts in the same order, the same rule on names (only
 * a first name that nameForStranger lets through, in the body, never in a subject), the same
 * links (our own only), and at most 120 words above the button (tests/unit/notice-length.test.ts).
 */

interface TextNoticeInput extends NoticeInput {
  replyCode?: string | null;
}

/** "SI 4821": the text-consent parser reads SI as a yes, like YES. */
const replySi = (input: TextNoticeInput) => (input.replyCode ? `SI ${input.replyCode}` : "SI");

function names(input: NoticeInput) {
  return { holder: nameForStranger(input.holderName), person: nameForStranger(input.contactName) };
}

/** What the holder's family results show about each person, said to an adult before they agree. */
export const HOLDER_SEES_ES = [
  "qué mensajes de práctica recibió y cuándo",
  "si reportó o detectó cada uno, o si presionó su botón, y cuánto tardó",
  "su nivel y sus semanas seguidas sin caer en ninguno",
  "nunca nada de lo que escriba (no se guarda nada), ni sus otros correos o mensajes, ni su dispositivo",
];

function textNumbers(input: NoticeInput, voice: "usted" | "tú") {
  const numbers = input.textSenders ?? [];
  if (numbers.length < 2) return [];
  const text =
    voice === "usted"
      ? `Los mensajes de texto de práctica pueden llegarle de cualquiera de estos números: ${numbers.join(", ")}.`
      : `Los mensajes de texto de práctica pueden llegarte de cualquiera de estos números: ${numbers.join(", ")}.`;
  return [{ kind: "p" as const, text }];
}

function reporting(input: NoticeInput, voice: "usted" | "tú") {
  if (voice === "usted") {
    const how = input.reportAddress
      ? `reenvíelo a ${input.reportAddress} (o respóndalo); si es un mensaje de texto, responda ESTAFA`
      : "responda ESTAFA al mensaje de texto";
    return {
      kind: "p" as const,
      text: `¿Cree que un mensaje es una estafa? Repórtelo: ${how}. Reportar es lo que contamos, y si era de práctica se lo diremos.`,
    };
  }
  const how = input.reportAddress
    ? `reenvíalo a ${input.reportAddress} (o respóndelo); si es un mensaje de texto, responde ESTAFA`
    : "responde ESTAFA al mensaje de texto";
  return {
    kind: "p" as const,
    text: `¿Crees que un mensaje es un truco? Repórtalo: ${how}. Es lo mejor que puedes hacer, y te diremos si era de práctica.`,
  };
}

/** The adult's request for consent, in Spanish. */
export function consentNoticeEmailEs(brand: MailBranding, input: NoticeInput): EmailContent {
  const { holder, person } = names(input);
  const who = holder ?? "Un familiar";
  return compose(
    brand,
    "Le invitamos a practicar cómo reconocer estafas",
    person ? `Hola, ${person}:` : "Hola:",
    [
      {
        kind: "p",
        text: `${who} le inscribió en el Programa de Entrenamiento de ${brand.productName}, que ayuda a las familias a reconocer estafas. No empieza nada a menos que usted diga que sí.`,
      },
      {
        kind: "p",
        text: "Si dice que sí, recibirá como máximo un mensaje de práctica por semana, nunca de noche: un correo o texto que imita una estafa. Los mensajes de práctica no dicen que son de práctica; parecen reales. Nunca se guarda nada de lo que usted escriba.",
      },
      {
        kind: "p",
        text: `${who} verá qué mensajes recibió y si los reportó, los detectó o presionó su botón; nunca lo que usted escriba.`,
      },
      {
        kind: "p",
        text: 'Para dejarlo cuando quiera: presione "Cancelar suscripción" en un correo de práctica, o responda STOP a un texto de práctica.',
      },
      { kind: "button", label: "Decir sí o no", url: input.consentUrl },
      {
        kind: "p",
        text: "Los detalles: los mensajes de práctica llegan con nombres y direcciones inventados. Presione el botón que presione en una página que abra uno de ellos, la página siguiente le dirá que era de práctica y le mostrará sus señales de alerta. Las páginas de práctica no tienen casillas para llenar y nunca le pedirán una contraseña, un código ni dinero.",
      },
      reporting(input, "usted"),
      ...textNumbers(input, "usted"),
      {
        kind: "p",
        text: `En resumen, ${holder ?? "el familiar que le inscribió"} verá: ${HOLDER_SEES_ES.join("; ")}.`,
      },
      {
        kind: "p",
        text: `${holder ? `¿No conoce a ${holder}` : "¿No sabe quién le inscribió"}${person ? `, o usted no es ${person}` : ", o este mensaje no era para usted"}? Abra la misma página y presione "No soy yo": nunca más escribiremos a esta dirección sobre mensajes de práctica. Si no hace nada, no le enviaremos nada.`,
      },
      {
        kind: "p",
        text: `¿No está seguro de que este correo sea real? ${holder ? `Pregúntele a ${holder}, o abra` : "Abra"} ${brand.siteUrl} usted mismo en lugar de usar el botón.`,
      },
    ],
    "es",
  );
}

export function consentNoticeTextEs(brand: MailBranding, input: TextNoticeInput): string {
  const who = names(input).holder ?? "Un familiar";
  return `${brand.productName}: ${who} le inscribió para recibir mensajes de práctica que imitan estafas (máximo 1 por semana; no se guarda nada de lo que escriba). No se envía nada a menos que responda ${replySi(input)} o diga que sí aquí: ${input.consentUrl} ¿No es usted? Responda STOP.`;
}

/** A child's or teen's hello after their parent or guardian agreed, in Spanish ("tú"). */
export function childNoticeEmailEs(brand: MailBranding, input: NoticeInput): EmailContent {
  const { holder, person } = names(input);
  const who = holder ?? "Alguien de tu familia";
  return compose(
    brand,
    "Te invitamos a practicar cómo descubrir estafas",
    person ? `¡Hola, ${person}!` : "¡Hola!",
    [
      {
        kind: "p",
        text: `${who} te inscribió en la práctica de ${brand.productName}. Más o menos una vez por semana (nunca en horas de clase ni de noche) puede llegarte un mensaje de estafa de mentira. Se verá real y no dirá que es de práctica. Tu misión: ¡descubrir los trucos! Es solo una práctica, así que no puede pasar nada malo.`,
      },
      {
        kind: "p",
        text: `${holder ?? "Quien te inscribió"} verá qué mensajes recibiste y si los reportaste, los descubriste o presionaste su botón. Nadie ve lo que escribes, porque no se guarda nada.`,
      },
      {
        kind: "p",
        text: '¿Quieres parar? Presiona "Cancelar suscripción" en un correo de práctica o responde STOP a un mensaje de texto.',
      },
      { kind: "p", text: "¿Quieres participar? Presiona el botón (puedes hacerlo junto con un adulto):" },
      { kind: "button", label: "Sí, quiero participar", url: input.consentUrl },
      {
        kind: "p",
        text: "Si presionas un botón en un mensaje de práctica, la página siguiente te dice que era de práctica y te muestra las pistas que podías descubrir. Nunca escribas una contraseña real en ningún lugar al que te lleve un mensaje.",
      },
      reporting(input, "tú"),
      ...textNumbers(input, "tú"),
      {
        kind: "p",
        text: `${person ? `¿No eres ${person}` : "¿Este mensaje no era para ti"}${holder ? `, o no conoces a ${holder}` : ""}? Abre la misma página y presiona "No soy yo".`,
      },
    ],
    "es",
  );
}

export function childNoticeTextEs(brand: MailBranding, input: TextNoticeInput): string {
  const { holder, person } = names(input);
  const hello = person ? `¡Hola, ${person}!` : "¡Hola!";
  return `${brand.productName}: ${hello} ${holder ?? "Alguien de tu familia"} te inscribió en la práctica para descubrir estafas: más o menos 1 estafa de mentira por semana que se ve real, nunca en horas de clase. No se guarda nada de lo que escribas. Responde ${replySi(input)} o presiona "Sí, quiero participar": ${input.consentUrl} ¿No eres tú? Responde STOP.`;
}

/** The answer to a report of a practice message, in Spanish: "¡Bien visto!" and its red flags. */
export function reportThanksEmailEs(
  brand: MailBranding,
  input: { feedbackUrl: string; friendly: boolean },
): EmailContent {
  return compose(
    brand,
    "¡Bien visto! Era un mensaje de práctica",
    "¡Hola!",
    [
      {
        kind: "p",
        text: input.friendly
          ? "¡Bien visto! Era un mensaje de práctica, y lo reportaste. Eso es justo lo que hay que hacer con un mensaje que parece raro. ¡Muy buen trabajo de detective!"
          : "¡Bien visto! Era un mensaje de práctica, y reportarlo fue exactamente lo correcto. Si hace lo mismo con uno de verdad, se protege usted y protege a las demás personas que lo recibieron.",
      },
      {
        kind: "button",
        label: input.friendly ? "Ver todas las pistas" : "Ver todas sus señales de alerta",
        url: input.feedbackUrl,
      },
    ],
    "es",
  );
}

export function reportThanksTextEs(feedbackUrl: string): string {
  return `¡Bien visto! Era un mensaje de práctica. Sus señales de alerta: ${feedbackUrl}`;
}

export function checkedFirstTextEs(feedbackUrl: string): string {
  return `¡Muy bien! Eso es exactamente lo que hay que hacer. Ese mensaje era de práctica, y comprobar primero también funciona con los de verdad. Sus señales de alerta: ${feedbackUrl}`;
}

export function drillFallTextEs(feedbackUrl: string): string {
  return `Ese mensaje era de práctica, así que no se guardó nada. La próxima vez, compruebe primero: pida la palabra clave de su familia o llame a un número que ya conozca. Qué buscar: ${feedbackUrl}`;
}
