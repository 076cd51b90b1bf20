/**
 * "Make sure practice messages reach you": short steps for the mail service or phone a person
 * uses, so practice messages land where they will see them. Consumer mail services have no admin
 * who can let a simulator through, so the person does it once. The steps name only the practice
 * domain (never one sender: each practice message has its own) and are safe to import in the
 * browser.
 */

export type MailService = "gmail" | "outlook" | "icloud" | "other";

export interface DeliverySteps {
  /** "Gmail", "Outlook.com", "iCloud Mail", "Email", "Phone" ("Correo", "Teléfono" in Spanish). */
  service: string;
  steps: string[];
  /** The language they are written in: the person's own on their consent page (issue #39). */
  language: StepsLanguage;
}

export type StepsLanguage = "en" | "es";

const SERVICE_DOMAINS: Record<Exclude<MailService, "other">, string[]> = {
  gmail: ["gmail.com", "googlemail.com"],
  outlook: ["outlook.com", "hotmail.com", "hotmail.co.uk", "live.com", "msn.com", "outlook.co.uk", "live.co.uk"],
  icloud: ["icloud.com", "me.com", "mac.com"],
};

/** Which service an address belongs to, from its domain (a company's own domain is "other"). */
export function mailServiceOf(address: string): MailService {
  const domain = address.slice(address.lastIndexOf("@") + 1).toLowerCase();
  for (const [service, domains] of Object.entries(SERVICE_DOMAINS)) {
    if (domains.includes(domain)) return service as MailService;
  }
  return "other";
}

function emailSteps(service: MailService, practiceDomain: string): Omit<DeliverySteps, "language"> {
  switch (service) {
    case "gmail":
      return {
        service: "Gmail",
        steps: [
          "On a computer, open Gmail and press the filter button at the right end of the search box.",
          `In "From", type @${practiceDomain} and press "Create filter".`,
          'Tick "Never send it to Spam", then press "Create filter" again.',
        ],
      };
    case "outlook":
      return {
        service: "Outlook.com",
        steps: [
          "On outlook.com, open Settings (the gear), then Mail, then Junk email.",
          `Under "Safe senders and domains", press "Add", type ${practiceDomain} and press Enter.`,
          'Press "Save".',
        ],
      };
    case "icloud":
      return {
        service: "iCloud Mail",
        steps: [
          'When the test message arrives, tap the sender\'s name and choose "Add to Contacts".',
          `On icloud.com/mail, open Settings, then Rules, and add a rule: if a message is from ${practiceDomain}, move it to the Inbox.`,
          'If a practice message still lands in Junk, move it to the Inbox ("Not Junk"): iCloud learns from that.',
        ],
      };
    case "other":
      return {
        service: "Email",
        steps: [
          `Add ${practiceDomain} to your mail's safe senders (or "allowed senders") list, if it has one.`,
          "Look in Spam or Junk for the test message, and if it is there, mark it as not spam.",
        ],
      };
  }
}

/**
 * The same steps for someone who reads Spanish, with the names their mail service and phone show
 * in Spanish ("Crear filtro", "Remitentes y dominios seguros", "Remitentes desconocidos").
 */
function emailStepsEs(service: MailService, practiceDomain: string): Omit<DeliverySteps, "language"> {
  switch (service) {
    case "gmail":
      return {
        service: "Gmail",
        steps: [
          "En una computadora, abra Gmail y pulse el botón de filtros, al final del cuadro de búsqueda, a la derecha.",
          `En "De", escriba @${practiceDomain} y pulse "Crear filtro".`,
          'Marque "No enviar nunca a Spam" y vuelva a pulsar "Crear filtro".',
        ],
      };
    case "outlook":
      return {
        service: "Outlook.com",
        steps: [
          "En outlook.com, abra Configuración (el engranaje), luego Correo y luego Correo no deseado.",
          `En "Remitentes y dominios seguros", pulse "Agregar", escriba ${practiceDomain} y pulse Entrar.`,
          'Pulse "Guardar".',
        ],
      };
    case "icloud":
      return {
        service: "iCloud Mail",
        steps: [
          'Cuando llegue el mensaje de prueba, toque el nombre del remitente y elija "Agregar a Contactos".',
          `En icloud.com/mail, abra Configuración, luego Reglas, y agregue una regla: si un mensaje es de ${practiceDomain}, moverlo a Recibidos.`,
          "Si un mensaje de práctica todavía llega a Correo no deseado, muévalo a Recibidos: iCloud aprende de eso.",
        ],
      };
    case "other":
      return {
        service: "Correo",
        steps: [
          `Si su correo tiene una lista de remitentes seguros (o "permitidos"), agregue ${practiceDomain}.`,
          "Busque el mensaje de prueba en Spam o Correo no deseado y, si está ahí, márquelo como que no es spam.",
        ],
      };
  }
}

/** "A, B and C" / "A, B y C" (the house style has no comma before "and"). */
function listed(items: readonly string[], language: StepsLanguage) {
  const and = language === "es" ? "y" : "and";
  return items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} ${and} ${items.at(-1)}`;
}

/** The steps for one address: its mail service's, or the phone's for a number. */
export function deliveryStepsFor(input: {
  channel: "email" | "sms";
  address: string;
  practiceDomain: string;
  /** Every number practice texts can come from (TWILIO_FROM lists several). */
  textSenders?: readonly string[];
  /** The reader's language: English unless they read Spanish (issue #39). */
  language?: StepsLanguage;
}): DeliverySteps {
  const language = input.language ?? "en";
  if (input.channel === "sms") {
    const numbers = input.textSenders ?? [];
    if (language === "es") {
      return {
        service: "Teléfono",
        language,
        steps: [
          ...(numbers.length > 1
            ? [`Los mensajes de práctica llegan desde cualquiera de estos números: ${listed(numbers, language)}.`]
            : []),
          numbers.length > 1
            ? "No bloquee estos números ni reporte sus mensajes como basura: responda ESTAFA, que es lo que contamos."
            : "No bloquee el número del que llega el mensaje de prueba ni lo reporte como basura: los mensajes de práctica también llegan desde ahí.",
          'Si su teléfono separa los mensajes de números desconocidos en otra lista (iPhone: "Remitentes desconocidos"; Android: "Spam y bloqueados"), busque ahí el mensaje de prueba.',
        ],
      };
    }
    return {
      service: "Phone",
      language,
      steps: [
        ...(numbers.length > 1 ? [`Practice texts come from any of these numbers: ${listed(numbers, language)}.`] : []),
        numbers.length > 1
          ? "Don't block these numbers, and don't report their texts as junk: reply SCAM instead, which is what we count."
          : "Don't block the number the test text comes from, and don't report it as junk: practice texts come from it too.",
        'If your phone sorts texts from unknown numbers into their own list (iPhone: "Unknown Senders"; Android: "Spam & blocked"), look there for the test.',
      ],
    };
  }
  const service = mailServiceOf(input.address);
  return language === "es"
    ? { ...emailStepsEs(service, input.practiceDomain), language }
    : { ...emailSteps(service, input.practiceDomain), language };
}
