import type { ReactNode } from "react";
import type { ConsentView } from "./consent.server";
import type { PracticeLanguage } from "~/family/practice-language";
import { HOLDER_SEES } from "./training-emails";
import { HOLDER_SEES_ES } from "./training-emails-es";

/**
 * The consent page's words in each language a family member may read (issue #39): the page a
 * notice's link opens, its answers after a button, and the facts before and after the buttons.
 * English keeps the words it had; Spanish is written for the page ("usted" to adults, "tú" to
 * children and teenagers), with the same facts in the same order. Names are the ones a stranger
 * may see (nameForStranger); where none can be shown, each language words its own fallback.
 */

type PageView = Pick<ConsentView, "names" | "firstNames" | "minor" | "address" | "channel"> & {
  reportAddress: string | null;
};

export interface ConsentWords {
  lang: PracticeLanguage;
  title: string;
  heading: (view: PageView, status: ConsentView["status"]) => string;
  greeting: (view: PageView) => string;
  yes: (minor: boolean) => string;
  noThanks: string;
  waitingForGuardian: string;
  changedYourMind: (minor: boolean) => string;
  hadEnough: string;
  stop: string;
  notMe: (view: PageView) => string;
  notMeButton: string;
  replyStart: string;
  whatIsIt: { label: string; to: string };
  whatToExpect: string;
  moreAbout: string;
  makeSure: {
    heading: string;
    test: string;
    button: string;
    goesTo: (address: string) => string;
    /** Said before steps that are written in English only. */
  };
  answers: {
    refused: { title: string; message: string };
    unknown: { title: string; message: string };
    needsGuardian: { title: string; message: string };
    accepted: (minor: boolean) => { title: string; message: string };
    declined: { title: string; message: string };
    notMe: (address: string) => { title: string; message: string };
  };
  ShortFacts: (props: { view: PageView }) => ReactNode;
  Facts: (props: { view: PageView }) => ReactNode;
}

const where = (view: PageView, email: string, text: string) =>
  view.channel === "email" ? `${email} (${view.address})` : `${text} (${view.address})`;

const factsList = "mt-4 list-disc space-y-2 pl-5 text-left";
const shortList = "mt-3 list-disc space-y-1.5 pl-5 text-left";

const ENGLISH: ConsentWords = {
  lang: "en",
  title: "Practice messages: yes or no?",
  heading: (view, status) =>
    status === "opted-out"
      ? "You have stopped practice messages"
      : status === "waiting"
        ? view.minor
          ? "You're invited to scam-spotting practice"
          : `${view.names.holder} invited you to practice spotting scams`
        : "You are signed up for practice messages",
  greeting: (view) => {
    const name = view.names.person;
    if (view.minor) return name ? `Hi ${name}!` : "Hi!";
    return name ? `Hello ${name},` : "Hello,";
  },
  yes: (minor) => (minor ? "Yes, I'm in" : "Yes, send me practice messages"),
  noThanks: "No thanks",
  waitingForGuardian: "Your parent or guardian has not finished signing you up, so nothing is sent yet.",
  changedYourMind: () => "Changed your mind? Only you can start them again.",
  hadEnough: "Had enough? This stops every practice email and text to you at once.",
  stop: "Stop practice messages",
  notMe: (view) =>
    `Not ${view.names.personInSentence}, or don't know ${view.names.holderInSentence}? Tell us, and nothing from scam-free's Training Program will reach ${view.address} again, whoever signs it up.`,
  notMeButton: "This isn't me",
  replyStart: "If you replied STOP to one of our texts, reply START to get texts again.",
  whatIsIt: { label: "What is scam-free?", to: "/" },
  whatToExpect: "What to expect",
  moreAbout: "More about practice messages",
  makeSure: {
    heading: "Make sure practice messages reach you",
    test: "Then send yourself a test: a plain message from scam-free, not a practice scam. Press the button in it (or reply) to show it arrived.",
    button: "Send me a test",
    goesTo: (address) => `The test goes to ${address}.`,
  },
  answers: {
    refused: { title: "Nothing was changed", message: "Please press one of the buttons on this page." },
    unknown: { title: "Link not found", message: "This link no longer works. Nothing was changed." },
    needsGuardian: { title: "Not yet", message: "Your parent or guardian has to agree first. Nothing was changed." },
    accepted: () => ({ title: "Thank you!", message: "You will get at most one practice message a week." }),
    declined: { title: "Done", message: "We will not send you practice messages." },
    notMe: (address) => ({
      title: "Thank you for telling us",
      message: `We will not send practice messages or notices to ${address} again, whoever asks.`,
    }),
  },
  ShortFacts: ({ view }) =>
    view.minor ? (
      <ul className={shortList} data-short-facts>
        <li>
          About <strong>once a week</strong> you may get a pretend scam, never in school time or at night.
        </li>
        <li>
          <strong>It will look real and will not say it is practice.</strong> Your job: spot the tricks!
        </li>
        <li>
          <strong>{view.names.holder} will see</strong> which messages you reported, spotted or pressed. Nobody sees
          what you type.
        </li>
        <li>Want to stop? Reply STOP to a text, or press &ldquo;Unsubscribe&rdquo; in an email.</li>
      </ul>
    ) : (
      <ul className={shortList} data-short-facts>
        <li>
          <strong>At most one practice message a week</strong>, never at night: a pretend scam that{" "}
          <strong>will not say it is practice</strong>. Nothing you type is collected.
        </li>
        <li>
          <strong>{view.names.holder} will see</strong> which messages you got and whether you reported, spotted or
          pressed them.
        </li>
        <li>Stop any time: reply STOP to a text, or press &ldquo;Unsubscribe&rdquo; in an email.</li>
      </ul>
    ),
  Facts: ({ view }) => {
    const reportHow =
      view.channel === "email" && view.reportAddress
        ? `Forward the email to ${view.reportAddress}, or reply to it.`
        : "Reply SCAM to the text, or forward it back to the number it came from.";
    const channel = where(view, "by email", "by text");
    if (view.minor) {
      return (
        <ul className={factsList}>
          <li>
            <strong>{view.names.holder}</strong> signed you up for scam-spotting practice.
          </li>
          <li>
            About <strong>once a week</strong> you may get a pretend scam {channel}. Never during school time or at
            night.
          </li>
          <li>
            <strong>It will look real and will not say it is practice.</strong> Your job: spot the tricks!
          </li>
          <li>
            It is only practice, so nothing bad can happen. If you press a button in one, the next page tells you it was
            practice and shows you the clues.
          </li>
          <li>
            <strong>Think a message is a scam? Report it.</strong> {reportHow} That is what we count, and we will tell
            you if it was practice.
          </li>
          <li>
            <strong>{view.names.holder} will see how your practice goes:</strong> which messages you reported, spotted
            or pressed, and when.
          </li>
          <li>
            <strong>Nothing you type is ever collected.</strong> Never type a real password anywhere a message sends
            you.
          </li>
          <li>
            Want to stop? Press &ldquo;Unsubscribe&rdquo; at the bottom of a practice email, reply STOP to a text, or
            press the button on this page.
          </li>
        </ul>
      );
    }
    return (
      <ul className={factsList}>
        <li>
          <strong>{view.names.holder}</strong> signed you up for the scam-free Training Program, which helps families
          get better at spotting scams.
        </li>
        <li>
          You get <strong>at most one practice message a week</strong> {channel}, at a sensible time of day (never at
          night). Afterwards, a page shows the warning signs it contained.
        </li>
        <li>
          <strong>Practice messages will not say they are practice.</strong> They come from made-up names and addresses
          and look like real scams, so you can practice spotting one when it arrives.
        </li>
        <li>
          Whatever button you press on a page a practice message opens,{" "}
          <strong>the next page tells you what happened</strong>: that it was practice, and which warning signs it had.
        </li>
        <li>
          <strong>Think a message is a scam? Report it.</strong> {reportHow} Reporting is what we count, and if it was
          practice we will tell you.
        </li>
        <li>
          <strong>{view.names.holder} will see how your practice goes:</strong>
          <ul className="mt-1 list-[circle] space-y-1 pl-5">
            {HOLDER_SEES.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </li>
        <li>
          <strong>Nothing you type is ever collected.</strong> Practice pages have no boxes to fill in and never ask for
          a password, a code or money.
        </li>
        <li>
          To stop: press &ldquo;Unsubscribe&rdquo; at the bottom of any practice email, reply STOP to a practice text,
          or use the button on this page.
        </li>
      </ul>
    );
  },
};

/** The holder as a Spanish sentence starts: their first name, or "Un familiar". */
const holderEs = (view: PageView) => view.firstNames.holder ?? "Un familiar";

const SPANISH: ConsentWords = {
  lang: "es",
  title: "Mensajes de práctica: ¿sí o no?",
  heading: (view, status) =>
    status === "opted-out"
      ? view.minor
        ? "Dejaste los mensajes de práctica"
        : "Usted dejó los mensajes de práctica"
      : status === "waiting"
        ? view.minor
          ? "Te invitamos a practicar cómo descubrir estafas"
          : `${holderEs(view)} le invita a practicar cómo reconocer estafas`
        : view.minor
          ? "Ya estás en la práctica"
          : "Ya recibe mensajes de práctica",
  greeting: (view) => {
    const name = view.firstNames.person;
    if (view.minor) return name ? `¡Hola, ${name}!` : "¡Hola!";
    return name ? `Hola, ${name}:` : "Hola:";
  },
  yes: (minor) => (minor ? "Sí, quiero participar" : "Sí, envíenme mensajes de práctica"),
  noThanks: "No, gracias",
  waitingForGuardian: "Tu mamá, tu papá o tu tutor todavía no termina de inscribirte, así que no se envía nada.",
  changedYourMind: (minor) =>
    minor
      ? "¿Cambiaste de opinión? Solo tú puedes volver a empezarlos."
      : "¿Cambió de opinión? Solo usted puede volver a empezarlos.",
  hadEnough: "¿Ya fue suficiente? Esto detiene de una vez todos los correos y textos de práctica.",
  stop: "Dejar los mensajes de práctica",
  notMe: (view) => {
    const { holder, person } = view.firstNames;
    const question = view.minor
      ? `¿No eres ${person ?? "la persona a quien iba este mensaje"}, o no conoces a ${holder ?? "quien te inscribió"}?`
      : `¿Usted no es ${person ?? "la persona a quien iba este mensaje"}, o no conoce a ${holder ?? "quien le inscribió"}?`;
    const tell = view.minor ? "Avísanos" : "Avísenos";
    return `${question} ${tell}, y nada del Programa de Entrenamiento de scam-free volverá a llegar a ${view.address}, lo inscriba quien lo inscriba.`;
  },
  notMeButton: "No soy yo",
  replyStart: "Si respondió STOP a uno de nuestros textos, responda START para volver a recibirlos.",
  whatIsIt: { label: "¿Qué es scam-free?", to: "/es" },
  whatToExpect: "Qué esperar",
  moreAbout: "Más sobre los mensajes de práctica",
  makeSure: {
    heading: "Asegúrese de que le lleguen los mensajes de práctica",
    test: "Luego envíese una prueba: un mensaje sencillo de scam-free, no una estafa de práctica. Presione el botón que trae (o respóndalo) para confirmar que llegó.",
    button: "Enviarme una prueba",
    goesTo: (address) => `La prueba va a ${address}.`,
  },
  answers: {
    refused: { title: "No se cambió nada", message: "Presione uno de los botones de esta página." },
    unknown: { title: "Enlace no encontrado", message: "Este enlace ya no funciona. No se cambió nada." },
    needsGuardian: {
      title: "Todavía no",
      message: "Primero tiene que aceptar tu mamá, tu papá o tu tutor. No se cambió nada.",
    },
    accepted: (minor) => ({
      title: "¡Gracias!",
      message: minor
        ? "Recibirás como máximo un mensaje de práctica por semana."
        : "Recibirá como máximo un mensaje de práctica por semana.",
    }),
    declined: { title: "Listo", message: "No le enviaremos mensajes de práctica." },
    notMe: (address) => ({
      title: "Gracias por avisarnos",
      message: `No volveremos a enviar mensajes de práctica ni avisos a ${address}, lo pida quien lo pida.`,
    }),
  },
  ShortFacts: ({ view }) =>
    view.minor ? (
      <ul className={shortList} data-short-facts>
        <li>
          Más o menos <strong>una vez por semana</strong> puede llegarte una estafa de mentira, nunca en horas de clase
          ni de noche.
        </li>
        <li>
          <strong>Se verá real y no dirá que es de práctica.</strong> Tu misión: ¡descubrir los trucos!
        </li>
        <li>
          <strong>{view.firstNames.holder ?? "Quien te inscribió"} verá</strong> qué mensajes reportaste, descubriste o
          presionaste. Nadie ve lo que escribes.
        </li>
        <li>¿Quieres parar? Responde STOP a un texto o presiona &ldquo;Cancelar suscripción&rdquo; en un correo.</li>
      </ul>
    ) : (
      <ul className={shortList} data-short-facts>
        <li>
          <strong>Como máximo un mensaje de práctica por semana</strong>, nunca de noche: una estafa de mentira que{" "}
          <strong>no dirá que es de práctica</strong>. No se guarda nada de lo que escriba.
        </li>
        <li>
          <strong>{holderEs(view)} verá</strong> qué mensajes recibió y si los reportó, los detectó o presionó su botón.
        </li>
        <li>
          Puede dejarlo cuando quiera: responda STOP a un texto o presione &ldquo;Cancelar suscripción&rdquo; en un
          correo.
        </li>
      </ul>
    ),
  Facts: ({ view }) => {
    if (view.minor) {
      const reportHow =
        view.channel === "email" && view.reportAddress
          ? `Reenvía el correo a ${view.reportAddress}, o respóndelo.`
          : "Responde ESTAFA al texto, o reenvíalo al número del que llegó.";
      return (
        <ul className={factsList}>
          <li>
            <strong>{view.firstNames.holder ?? "Alguien de tu familia"}</strong> te inscribió en la práctica para
            descubrir estafas.
          </li>
          <li>
            Más o menos <strong>una vez por semana</strong> puede llegarte una estafa de mentira{" "}
            {where(view, "por correo electrónico", "por mensaje de texto")}. Nunca en horas de clase ni de noche.
          </li>
          <li>
            <strong>Se verá real y no dirá que es de práctica.</strong> Tu misión: ¡descubrir los trucos!
          </li>
          <li>
            Es solo una práctica, así que no puede pasar nada malo. Si presionas un botón en uno, la página siguiente te
            dice que era de práctica y te muestra las pistas.
          </li>
          <li>
            <strong>¿Crees que un mensaje es una estafa? Repórtalo.</strong> {reportHow} Eso es lo que contamos, y te
            diremos si era de práctica.
          </li>
          <li>
            <strong>{view.firstNames.holder ?? "Quien te inscribió"} verá cómo te va en la práctica:</strong> qué
            mensajes reportaste, descubriste o presionaste, y cuándo.
          </li>
          <li>
            <strong>Nunca se guarda nada de lo que escribas.</strong> Nunca escribas una contraseña real en ningún lugar
            al que te lleve un mensaje.
          </li>
          <li>
            ¿Quieres parar? Presiona &ldquo;Cancelar suscripción&rdquo; al final de un correo de práctica, responde STOP
            a un texto o presiona el botón de esta página.
          </li>
        </ul>
      );
    }
    const reportHow =
      view.channel === "email" && view.reportAddress
        ? `Reenvíe el correo a ${view.reportAddress}, o respóndalo.`
        : "Responda ESTAFA al texto, o reenvíelo al número del que llegó.";
    return (
      <ul className={factsList}>
        <li>
          <strong>{holderEs(view)}</strong> le inscribió en el Programa de Entrenamiento de scam-free, que ayuda a las
          familias a reconocer estafas.
        </li>
        <li>
          Recibirá <strong>como máximo un mensaje de práctica por semana</strong>{" "}
          {where(view, "por correo electrónico", "por mensaje de texto")}, a una hora razonable (nunca de noche).
          Después, una página le muestra las señales de alerta que tenía.
        </li>
        <li>
          <strong>Los mensajes de práctica no dicen que son de práctica.</strong> Llegan con nombres y direcciones
          inventados y se ven como estafas reales, para que pueda practicar cómo reconocer una cuando llegue.
        </li>
        <li>
          Presione el botón que presione en una página que abra un mensaje de práctica,{" "}
          <strong>la página siguiente le dice qué pasó</strong>: que era de práctica y qué señales de alerta tenía.
        </li>
        <li>
          <strong>¿Cree que un mensaje es una estafa? Repórtelo.</strong> {reportHow} Reportar es lo que contamos, y si
          era de práctica se lo diremos.
        </li>
        <li>
          <strong>{holderEs(view)} verá cómo le va en la práctica:</strong>
          <ul className="mt-1 list-[circle] space-y-1 pl-5">
            {HOLDER_SEES_ES.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </li>
        <li>
          <strong>Nunca se guarda nada de lo que escriba.</strong> Las páginas de práctica no tienen casillas para
          llenar y nunca piden una contraseña, un código ni dinero.
        </li>
        <li>
          Para dejarlo: presione &ldquo;Cancelar suscripción&rdquo; al final de cualquier correo de práctica, responda
          STOP a un texto de práctica o use el botón de esta página.
        </li>
      </ul>
    );
  },
};

export const CONSENT_WORDS: Record<PracticeLanguage, ConsentWords> = { en: ENGLISH, es: SPANISH };
