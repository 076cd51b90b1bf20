import { describe, expect, it } from "vitest";
import { check, describeSignCases, foundIds, type SignCases } from "../support/checker-cases";

/**
 * The checker's signs read as concepts, not as the exact phrases of the evaluation set: a bank
 * alert from somebody's phone, "someone will call you", a stranger's opener that greets a name, a
 * plain request for money beside a threat, a purpose clause that is not a denial. Each with
 * hand-made messages that show it and honest ones that must not (2026-12-07 generalisation work).
 */

const CASES: SignCases = {
  "a bank or agency alert from an ordinary ten-digit number": {
    id: "sender-mismatch",
    positives: [
      {
        sender: "+1 (415) 555-0147",
        text: "HarborBank: Was this you? $1,249.00 at BESTLINE ELECTRONICS. Reply 1 or 2.",
      },
      {
        sender: "(713) 555-0148",
        text: "Riverstone CU: ¿Usted autorizó una transferencia de $1,500.00? Responda SI o NO.",
      },
      { sender: "+1 202 555 0171", text: "IRS notice: our records show an unresolved balance on your return." },
    ],
    negatives: [
      { sender: "72166", text: "HarborBank: Was this you? $1,249.00 at BESTLINE ELECTRONICS. Reply 1 or 2." },
      {
        sender: "+1 (614) 555-0124",
        text: "Maple Row Tax: Hi Grace, your federal return was accepted by the IRS today. Refund in 21 days.",
      },
      { sender: "+1 (614) 555-0124", text: "Hi Grace, did your bank ever call you back about the card?" },
    ],
  },
  '"someone will call you" after a fraud alert': {
    id: "callback-number",
    positives: [
      "HarborBank Fraud Dept: Did you attempt a purchase of $749.00? Reply YES or NO. If NO, a fraud specialist will call you shortly.",
      "SwapSquare: Pago de $600.00 pendiente. Si usted no autorizó esta transacción responda NO y un agente lo llamará.",
    ],
    negatives: [
      "Bright Smiles Dental: your cleaning is Tue at 3:40. Need to change? Reply R and we'll call you back.",
      "Your claim has been assigned to adjuster Monica Reyes, who will contact you within 2 business days.",
    ],
  },
  "a stranger's opener that greets a name from a bare number": {
    id: "wrong-number",
    positives: [
      {
        sender: "+1 (415) 555-0183",
        text: "Hi Linda, just checking you got home ok after the charity gala last night?",
      },
      { sender: "+1 (949) 555-0144", text: "Hi Christine, I'm landing at 4. Can you still pick me up at the airport?" },
      { sender: "+1 (832) 555-0103", text: "Hola Sofía, ¿sigue en pie la comida del sábado? Ya reservé la mesa" },
      { sender: "+1 (212) 555-0148", text: "Ms. Wendy, the documents for the property are ready. When can we meet?" },
    ],
    negatives: [
      { sender: "Priya", text: "Hi Hana! Are we still on for coffee Thursday?" },
      {
        sender: "+1 (614) 555-0162",
        text: "Hi Grace, it's Lou next door. Your garage door is open, want me to close it?",
      },
      { sender: "+1 (971) 555-0119", text: "Hi! Saw your dresser on Cartwheel Market. Can we swing by tonight?" },
      {
        sender: "+1 (614) 555-0165",
        text: "Hi! I'm Susan, I'm interested in the crate you listed. Is it still available?",
      },
      { sender: "Mom", text: "Hi Grace, how have you been lately? Call me this weekend" },
    ],
  },
  "a relative's phone, however it broke": {
    id: "new-number-relative",
    positives: [
      "hey mum, phone fell in the sink 🙄 using a mates one for now. can u pay a bill for me",
      "Mamá, ando con el cel de una amiga. Escríbeme a este número porfa, es importante",
      "Hey Grandma, it's your favorite grandson 😅 I need $600 for my car repair. Can you help?",
    ],
    negatives: [
      // A relative who gives a name and asks for nothing is telling you a number.
      {
        sender: "+1 (614) 555-0170",
        text: "Hey Hana, it's your cousin Ji-woo! Switched carriers so this is my number now. No need to reply. Hope the kids are good",
      },
      {
        sender: "+1 (614) 555-0171",
        text: "Hola mija, soy tu tía Chela. Cambié de teléfono y este es mi número nuevo. Guárdalo por favor.",
      },
    ],
  },
  "a plain request for money beside a threat": {
    id: "unusual-payment",
    positives: [
      "I saved everything from our video chat. You have 2 hours to send $800 or I share it with every name on your friends list.",
      "Su cita fue cancelada y su trámite podría ser rechazado. Para reprogramar debe depositar $250 a la cuenta que le indicaremos.",
      "Hi, I recently opened a new bank account and want my next paycheck to go there before Friday's payroll.",
      "Le mando un cheque por más del precio y usted le da la diferencia en efectivo a mi chofer.",
    ],
    negatives: [
      "Cobalt Electric: your payment of $96.12 was returned. Please pay $96.12 in the Cobalt app by 12/20 to avoid a late fee.",
      "can u send me $20 on the payment app for pizza? i'll pay u back friday",
      "HarborBank will never ask you to pay with gift cards or to move money to a safe account.",
    ],
  },
  "a purpose is not a denial": {
    id: "unusual-payment",
    positives: ["Para no perder su caso debe pagar una multa de $600 con tarjetas de regalo."],
    negatives: ["Nunca le pediremos que pague con tarjetas de regalo."],
  },
  "harms named in other words": {
    id: "threat",
    positives: [
      "A levy on your bank account is being prepared.",
      "Your benefits are on hold because of a suspected identity issue.",
      "Your device has detected spyware. Your photos and banking info are at risk.",
      "If the fee is not paid your application will be denied.",
      "Si no regulariza su situación se emitirá una orden de embargo sobre sus bienes.",
      "Su trámite podría ser rechazado.",
    ],
    negatives: [
      "Your application was received and is being reviewed.",
      "Your risk score improved this month. Nice work!",
    ],
  },
  "being kept from checking, in other words": {
    id: "secrecy",
    positives: [
      "I'm tied up in back to back meetings and need a small favor done quickly.",
      "Necesitamos que pase sus ahorros a una cuenta temporal. No lo comente con nadie del banco.",
      "She is safe but asked that you not call her mother.",
      "u dont want ur parents seeing this",
    ],
    negatives: [
      "Don't tell Dad about the party, it's a surprise for his birthday!",
      "Your code is 448201. Don't share this code with anyone.",
    ],
  },
  "easy money and strangers' jobs, in other words": {
    id: "job-offer",
    positives: [
      "We have a flexible online role: help merchants improve app rankings, daily salary $180-$420.",
      "The interview will take place by text chat on Telegram. Please add our hiring manager.",
      "Buscamos asistentes para probar aplicaciones desde casa. Pagamos hasta $80 la hora.",
    ],
    negatives: ["Your interview is confirmed for Dec 12 at 4pm at our Main St store. Bring a photo ID."],
  },
  "promised profits, in other words": {
    id: "guaranteed-returns",
    positives: [
      "Yesterday I made $4,300 on one trade.",
      "If you put in $5,000 now you'll see about $7,500 by tomorrow.",
      "El mes pasado dupliqué lo que puse.",
    ],
    negatives: ["Our savings account pays 3.5% APY. Rates may change."],
  },
};

describeSignCases("signs as concepts", CASES);

describe("verdicts on messages the rules were not written around", () => {
  it.each([
    { sender: "+1 (415) 555-0147", text: "HarborBank: Was this you? $1,249.00 at BESTLINE ELECTRONICS. Reply 1 or 2." },
    "HarborBank Fraud Dept: Did you attempt a purchase of $749.00? Reply YES or NO. If NO, a fraud specialist will call you shortly.",
    "IRS notice: a levy on your bank account is being prepared. Contact the case officer at (202) 555-0171 today.",
    "I saved everything from our video chat. You have 2 hours to send $800 or I share it with every name on your friends list.",
  ])("warns about %j", (message) => {
    expect(check(message).verdict).toBe("warning-signs");
  });

  it.each([
    {
      sender: "72166",
      text: "HarborBank: Was this you? $1,249.00 at BESTLINE ELECTRONICS. Reply 1 or 2. We never ask for your PIN.",
    },
    {
      sender: "+1 (614) 555-0170",
      text: "Hey Hana, it's your cousin Ji-woo! Switched carriers so this is my number now. No need to reply.",
    },
    {
      sender: "Nimbus Drive <drive-shares-noreply@nimbus.example>",
      text: "Mark Okafor shared a folder with you. Open it in Nimbus Drive.",
      links: ["https://drive.nimbus.example/folder/8812"],
    },
    "Save time at your visit: check in from home in the app, or scan the QR code at the front desk when you arrive.",
  ])("does not warn about %j", (message) => {
    expect(check(message).verdict).not.toBe("warning-signs");
  });
});

describe("a plain request for money beside a way to pay", () => {
  it("shows the way to pay, not the plain request, under 'Pay by gift card, crypto or wire'", () => {
    const { signs } = check(
      "Hi Mom, this is my new number, I broke my phone. I'm in trouble and need $300 today. Can you buy gift cards and send me the codes?",
    );
    const payment = signs.filter((sign) => sign.id === "unusual-payment").map((sign) => sign.quote);
    expect(payment[0]).toBe("buy gift cards");
    expect(payment).not.toContain("need $300");
  });

  it("still counts the plain request when it is the only ask beside a threat", () => {
    expect(foundIds("Your account is suspended. Send $800 today or it will be closed.")).toContain("unusual-payment");
  });
});
