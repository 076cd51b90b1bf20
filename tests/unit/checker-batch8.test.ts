import { describe, expect, it } from "vitest";
import type { CheckInput } from "~/checker/check-message";
import { isDenied } from "~/checker/phrase-patterns";
import { messagePart } from "~/checker/message-part";
import { check, describeSignCases, type SignCases } from "../support/checker-cases";

/**
 * The signs widened for batch 8 of the evaluation set (issue 34's outside-test kinds): openers
 * that name nobody and ask nothing yet, the fake fraud alert's reply-then-call, a code read to an
 * "agent", recruiters who never met you, Spanish scams of every kind, toll and parcel texts, and
 * the honest messages that must stay quiet (a bank's scam tips, a family's wifi password, "we will
 * never ask you to X, Y or Z"). Every message here is written for this test, not taken from the
 * evaluation set.
 */

const stranger = (text: string, sender = "+1 (479) 555-0112"): CheckInput => ({ sender, text });

const CASES: SignCases = {
  "an opener that names nobody and asks nothing yet, from a bare number": {
    id: "wrong-number",
    positives: [
      stranger("Hey there, how was your weekend?"),
      stranger("Good afternoon! Hope you're having a lovely day 🌸"),
      stranger("hi, do you still live around here?", "+44 7700 900418"),
      stranger("Hola, ¿qué tal tu día?"),
      stranger("Buenas noches, ¿te acuerdas de mí?"),
      stranger("Did we meet at the book club? Your face looks familiar"),
      stranger("Is this email still active? Please let me know."),
      stranger("Sorry, is this Mr. Alvarez's number?"),
      stranger("Hello, how are you? I got your number from a mutual friend"),
      stranger("Buenos días, ¿con quién tengo el gusto?"),
    ],
    negatives: [
      // A saved contact is someone the reader knows.
      { sender: "Aunt Lucy", text: "Hey there, how was your weekend?" },
      // A buyer, a neighbour or a courier says what they want.
      stranger("Hi, is the high chair still for sale? I could pick it up tomorrow."),
      stranger("Hey it's Dana from the PTA, can you help with the bake sale table at 3?"),
      stranger("Your car's lights are on in the church parking lot"),
      stranger("Running 10 minutes late, see you at the gym"),
      // An answer is not an opener.
      stranger("ok see you tomorrow then"),
      stranger("Thank you so much!!"),
      // A business writes from its short code.
      { sender: "48109", text: "Good morning! Hope you are having a great day" },
    ],
  },
  '"someone will call you" after a reply the message asks for': {
    id: "callback-number",
    positives: [
      "Maplebank: Did you try to pay $310.75 to STARCITY TICKETS? Reply Y or N. If you reply N, one of our investigators will contact you in a few minutes.",
      "Riverstone CU: Was this transfer yours? Reply YES or NO. Keep your phone nearby: we'll call you shortly to protect your savings.",
      "Cedarline Bank: Reconocemos un cargo de $410 en su tarjeta. ¿Fue usted? Responda SI o NO. Una especialista le llamará para ayudarle.",
    ],
    negatives: [
      // No charge to confirm or deny: an adjuster calling is the service itself.
      "Your claim #44812 has been assigned. An adjuster will contact you within 2 business days.",
      "Bright Smiles Dental: Want an earlier slot? Reply YES and we'll call you back to book it.",
      "HarborBank Fraud Alert: Was this you? $64.20 at CORNER CAFE. Reply Y or N. Missed us? We'll call you back.",
    ],
  },
  "a code read out to an agent on the phone": {
    id: "asks-for-secrets",
    positives: [
      "We are texting you a security code now. Give that code to the representative on the line so we can stop the transfer.",
      "Our specialist will ask for the 6-digit code we send you, to confirm your identity.",
      "Cuando le llamen, deberá dictarle el código que recibió al asesor.",
      "Entra con tu usuario y contraseña en el enlace para recibir tus monedas.",
      "send me the code that pops up on your screen and I'll fix the game for you",
    ],
    negatives: [
      {
        sender: "72166",
        text: "Cedarline Bank: 550817 is your code. Our staff will never ask you to read it to them.",
      },
      { sender: "Leo", text: "dad can you text me the wifi password again, the tablet forgot it" },
      "Scammers may call pretending to be us. They ask you to read them a code from a text. Hang up and call the number on your card.",
      "To watch on your TV, enter the code that appears on the screen at streamnest.example/tv.",
      "Your locker is ready. Give the code to the agent at the counter to pick up your parcel.",
    ],
  },
  "a recruiter who never met you": {
    id: "job-offer",
    positives: [
      "Hi, I'm Beth, a recruiter. Your experience is a great match for a part-time position with flexible hours.",
      "It only takes 30 minutes a day from your phone, and we pay every evening.",
      "Congratulations, you have been selected for the Remote Billing Assistant position.",
      "Hello, I'm with a staffing firm. Are you open to new remote opportunities?",
      "Buenas tardes, ¿está buscando trabajo? Tenemos vacantes.",
      "Usted fue seleccionada para el puesto de asistente. Recibirá cajas en su casa y las reenviará con las etiquetas que le daremos.",
    ],
    negatives: [
      "Thanks for applying to Larkspur Books. We'd like to schedule an interview at the Main St store.",
      "Reading tip: 20 minutes a day at home makes a big difference for young readers.",
    ],
  },
  "money in before money out, and cash collected at the door": {
    id: "unusual-payment",
    positives: [
      "To release your earnings you must first recharge the account with $150.",
      "Para liberar su premio primero debe depositar $90.",
      "The bail can be paid in cash. Our runner will come and collect it from your house tonight.",
      "Solo aceptamos pagos con tarjetas de regalo.",
      "El juez fijó la fianza y el tribunal solo acepta efectivo.",
      "Pay me on the payment app as friends and family please, then I ship the kitten.",
      "Le mandaremos un cheque; deposítelo y envíe el resto a nuestro proveedor.",
    ],
    negatives: [
      "HarborBank tip: scammers ask you to buy gift cards or to send money to a safe account. We never will.",
      "The school store accepts cash, checks and gift cards from the book fair.",
      "The field trip fee can be paid in cash or by check in the office.",
      "Tacos El Güero: solo aceptamos efectivo los domingos.",
      "To get your money back, send the item back within 30 days with the receipt.",
      "Le enviaremos un cheque de reembolso por correo en 10 días.",
    ],
  },
  "a harm named as the thing to avoid": {
    id: "threat",
    positives: [
      "Settle the balance to avoid suspension of your registration.",
      "Pague hoy para evitar el corte del servicio.",
      "Su cuenta quedará bloqueada si no responde.",
      "Detectamos movimientos sospechosos en su cuenta.",
      "Your license plate may be flagged by the state.",
    ],
    negatives: [
      "Tip: set up autopay so you never miss a payment.",
      "Avoid the rush: our store opens at 7am on Saturday.",
    ],
  },
  "a deadline given as a date": {
    id: "urgency",
    positives: [
      "Pay the outstanding amount by 12/02 to keep your account open.",
      "Responda antes del 15/11 o su solicitud será cancelada.",
      "Si no paga hoy, su servicio será suspendido.",
      "Your power will be disconnected today. A crew is on the way.",
    ],
    negatives: ["Your order will arrive by 12/02.", "The library is closed on 11/27 for the holiday."],
  },
  "a charge, transfer or toll you did not make": {
    id: "surprise-bill",
    positives: [
      "A withdrawal of $300.00 from checking is pending.",
      "$1,500 wire to NEW PAYEE submitted.",
      "You have a toll balance of $4.80 that is overdue.",
      "Tiene una transferencia de $700 pendiente.",
      "Su saldo vencido de $95.10 debe pagarse hoy.",
    ],
    negatives: ["Thanks for shopping with us!", "Mañana hay junta de padres a las 6."],
  },
  "a US body writing from a number abroad or from a personal number": {
    id: "sender-mismatch",
    positives: [
      {
        sender: "+63 917 555 0144",
        text: "We could not deliver your package today because the address label is torn.",
      },
      { sender: "+1 (305) 555-0166", text: "DMV Alert: your license is flagged for unpaid citations." },
      { sender: "+1 (213) 555-0132", text: "Federal Relief Office: your grant is waiting to be released." },
      { sender: "+52 55 555 0129", text: "Aviso Pinebank: su tarjeta fue bloqueada." },
    ],
    negatives: [
      { sender: "+44 7700 900455", text: "Landed safely! The hotel is lovely. Call you Sunday, love Mum" },
      { sender: "+1 (614) 555-0190", text: "Hi Grace, the federal holiday means no trash pickup Monday. - Lou" },
      { sender: "+44 7700 900455", text: "We got your package!! The kids love the books, thank you 💕" },
      { sender: "+1 (614) 555-0191", text: "AP Government: quiz moved to Friday, study chapter 4." },
    ],
  },
  "a toll programme, a notary or a Spanish organisation, named": {
    id: "claims-authority",
    positives: [
      "SunPass: a balance is waiting on your plate.",
      "Nuestro notario puede arreglar su caso.",
      "Atención de Cedarline Soporte: su acceso está limitado.",
    ],
    negatives: ["We passed the sun and the sand on the way to the beach."],
  },
  "free game money and approved aid, in other words": {
    id: "prize",
    positives: [
      "¡Gemas gratis para todos los jugadores!",
      "Has sido elegido para recibir una recompensa especial.",
      "To receive your refund, tap below.",
      "Your relief payment of $2,100 has been approved.",
    ],
    negatives: ["The gym is free for members on Sundays.", "Your application has been received."],
  },
  "a Spanish sweetheart's money plan": {
    id: "romance-money",
    positives: [
      "Mi amor, si metes $800 en mi plataforma, lo duplicamos en una semana.",
      "Querida, quiero construir nuestro futuro juntos. Invierte conmigo y verás.",
      "Mi vida, necesito que me ayudes con los gastos de la aduana, son $1,900.",
    ],
    negatives: ["Te quiero mucho, mamá. Nos vemos el domingo.", "Mi amor, ¿compras pan de camino a casa?"],
  },
  "someone speaking for a relative": {
    id: "new-number-relative",
    positives: [
      "Buenas tardes, soy la abogada de su nieta Camila. Tuvo un problema con la policía.",
      "This is your grandson's public defender. He was in an accident and needs help.",
    ],
    negatives: ["Tu nieta Camila ganó el concurso de ciencias, ¡qué orgullo!"],
  },
  "the writer's own family kept out": {
    id: "secrecy",
    positives: ["Please don't tell my mom, she'll freak out.", "No le digas nada a mi esposa, por favor."],
    negatives: ["Tell my mom I said happy birthday!"],
  },
  "reply, then close and reopen, however it is worded": {
    id: "reply-to-activate",
    positives: [
      "Reply 1, close this message, then reopen it to use the payment link.",
      "Please reply Y and open the text again to activate the delivery link.",
    ],
    negatives: ["Reply Y to confirm your appointment. Reply N to cancel."],
  },
  "a claimed name, hyphenated, in front of someone else's domain": {
    id: "lookalike-domain",
    positives: [
      {
        text: "Ridgeway Parcel: reschedule your delivery here: ridgeway-parcel.fix-delivery.example",
        links: ["https://ridgeway-parcel.fix-delivery.example"],
      },
      "Pay your filing fee at uscis-pagos.example/caso",
    ],
    negatives: [
      {
        text: "Ridgeway Parcel: track your delivery at track.ridgewayparcel.example",
        links: ["https://track.ridgewayparcel.example"],
      },
      "Check your case status at uscis.gov",
    ],
  },
  "money multiplied, in any words": {
    id: "guaranteed-returns",
    positives: ["My mentor turned $1,500 into $6,000 in two weeks.", "Convertí $300 en $2,000 con su señal."],
    negatives: ["Turn in your permission slip by Friday."],
  },
};

describeSignCases("batch 8: signs as kinds", CASES);

describe("batch 8: the answer", () => {
  it.each([stranger("Hi! How have you been? It's been ages"), stranger("Hola, buenas tardes. ¿Cómo está usted?")])(
    'answers an opener that asks nothing yet with "be careful" only: %j',
    (message) => {
      const result = check(message);
      expect(result.verdict).toBe("be-careful");
      expect(result.signs.map((sign) => sign.id)).toEqual(["wrong-number"]);
    },
  );

  it.each([
    {
      sender: "+1 (614) 555-0158",
      text: "HarborBank: Did you attempt $802.00 at NOVA PHONES? Reply YES or NO. If NO, stay by your phone: a fraud agent will call you and ask for the code we text you.",
    },
    {
      sender: "+1 (956) 555-0131",
      text: "Banco Riverstone: ¿Autorizó un retiro de $600? Conteste SI o NO. Si no fue usted, un asesor le llamará en minutos.",
    },
    {
      sender: "+1 (702) 555-0145",
      text: "AVISO: su luz será cortada hoy. Pague $240 para evitar el corte. Solo aceptamos tarjetas de regalo.",
    },
    {
      sender: "+84 90 555 0133",
      text: "FasTrak: $5.60 toll unpaid. Reply Y then close and reopen this text to activate the link: fastrak.com-billing.top",
      links: ["https://fastrak.com-billing.top"],
    },
    "To unlock your commission of $640, top up your task account with $90 first.",
  ])("warns about %j", (message) => {
    expect(check(message).verdict).toBe("warning-signs");
  });

  it.each([
    {
      sender: "72166",
      text: "HarborBank: Did you attempt $802.00 at NOVA PHONES? Reply YES or NO. If NO, we'll block the card; call the number on the back of your card for a new one.",
    },
    {
      sender: "Maplebank <alerts@maplebank.example>",
      text: "Was this you? A $214.00 purchase at RIVERSIDE GRILL. If not, lock your card in the app. We will never ask you to move money, share a code, or give your PIN.",
    },
    {
      sender: "HarborBank <tips@harborbank.example>",
      text: "Fraud tip: scammers send fake alerts. Then they ask you to read a code aloud or send money to a safe account. We never will.",
    },
    { sender: "Leo", text: "dad can you text me the wifi password again, the tablet forgot it" },
    {
      sender: "Linden State College <aid@lindenstate.example>",
      text: "Your financial aid of $3,400 has been approved. See the details in your student portal.",
    },
    { sender: "Abuela", text: "Hola mijo, ¿estás libre mañana? Hace mucho que no te veo" },
    {
      sender: "67283",
      text: "Escuelas Linden Park: URGENTE. Se cancelan las clases de hoy por una fuga de agua. Recoja a sus hijos antes de las 12.",
    },
  ])("does not warn about %j", (message) => {
    expect(check(message).verdict).not.toBe("warning-signs");
  });
});

describe("a denial over a list of requests", () => {
  const deniedAt = (text: string, words: string) => isDenied(messagePart("text", text), text.indexOf(words));

  it('reads one "never ask you to" over every item of a list', () => {
    const text = "We will never ask you to move money, share a code, or give your PIN.";
    expect(deniedAt(text, "share a code")).toBe(true);
    expect(deniedAt(text, "give your PIN")).toBe(true);
  });

  it("does not carry the denial past a new request", () => {
    const text = "We never ask for a fee, but please send your card number now.";
    expect(deniedAt(text, "send your card number")).toBe(false);
  });
});
