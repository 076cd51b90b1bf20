import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkMessage,
  MAX_CHECK_TEXT,
  SIGN_IDS,
  type CheckInput,
  type SignId,
  type WarningSign,
} from "~/checker/check-message";
import { prepareMessage } from "~/checker/prepared-message";
import { RULES } from "~/checker/rules/all-rules";
import { loadRedFlagPageFiles } from "~/red-flags/red-flag-page-files.server";

/**
 * The "Is this a scam?" checker (app/checker/), rule by rule: each sign on messages that show it
 * and on honest messages that must not, in English and Spanish; the highlights point at the
 * person's own words; the numbering follows reading order; and no two highlights sit on one place.
 */

type Case = string | CheckInput;
const input = (message: Case): CheckInput => (typeof message === "string" ? { text: message } : message);
const check = (message: Case) => checkMessage(input(message));
/** The signs the checker shows (none when the verdict is "no warning signs"). */
const idsOf = (message: Case): SignId[] => [...new Set(check(message).signs.map((sign) => sign.id))];
/** The signs the rules find, whether or not the verdict shows them (verdict.ts weighs them). */
const foundIds = (message: Case): SignId[] => {
  const prepared = prepareMessage(input(message));
  return RULES.filter((rule) => rule.find(prepared).length > 0).map((rule) => rule.id);
};
const quotesOf = (message: Case, id: SignId): string[] =>
  check(message)
    .signs.filter((sign) => sign.id === id)
    .map((sign) => sign.quote);

function fieldText(message: CheckInput, sign: WarningSign): string {
  if (sign.field === "links") return message.links?.[sign.linkIndex ?? 0] ?? "";
  return message[sign.field] ?? "";
}

/**
 * Each rule must find its sign in the positives; the checker must not show it for the negatives
 * (a rule may find words that the verdict then judges to be no warning: see "the verdict").
 */
const RULE_CASES: Record<SignId, { positives: Case[]; negatives: Case[] }> = {
  urgency: {
    positives: [
      "Your account will be closed. Respond within 24 hours.",
      "Act now to keep your prize!",
      "FINAL NOTICE: pay the balance immediately.",
      // A countdown is weak: it shows beside another sign, here a prize.
      "You won a free cruise! Offer expires tonight, last chance to claim it.",
      "Please pay the fee by Friday.",
      "Send the $50 deposit by gift card. Only 3 spots left, be quick!",
      "URGENTE: responda hoy mismo.",
      "Debe pagar en las próximas 24 horas o perderá el acceso.",
      "Último aviso antes de cancelar su cuenta.",
    ],
    negatives: [
      "Your code is 550217. It expires in 10 minutes.",
      "Your parcel will arrive by Friday.",
      "Returns are accepted within 30 days of delivery.",
      // A sale's countdown alone is what shops say too.
      "Last chance! Our spring sale ends tonight.",
      "Your library book is due on Friday.",
      "See you today at the park!",
      "Nos vemos mañana en la escuela.",
    ],
  },
  threat: {
    positives: [
      "Your account has been suspended due to unusual activity.",
      "We have locked your debit card.",
      "A warrant has been issued for your arrest.",
      "Pay now or face legal action.",
      "Your computer is infected with 5 viruses.",
      "Your power will be disconnected today.",
      "Your profiles and watch history will be deleted in 24 hours.",
      "Su cuenta ha sido bloqueada.",
      "Tiene una multa pendiente y una orden de arresto.",
      "Su suscripción será cancelada.",
    ],
    negatives: [
      "The movie was a lot of fun, the ending was fine.",
      "Your statement is ready in the app.",
      "Gracias por su compra, su pedido llegará el lunes.",
    ],
  },
  prize: {
    positives: [
      "Congratulations! You have won a $1,000 gift voucher.",
      "Your email was selected as the lucky winner of our lottery.",
      "You are eligible to receive a tax refund of $684.20.",
      "You are the beneficiary of an unclaimed inheritance.",
      "Get 2,000 free gold coins for your pirate ship.",
      "¡Felicidades! Usted ha ganado un premio.",
      "Tiene un reembolso pendiente y una herencia sin reclamar.",
    ],
    negatives: [
      "A refund of $24.99 from Larkspur Books was credited to your card.",
      "We are going to the school award night on Friday.",
      "Su pedido fue enviado hoy.",
    ],
  },
  "unusual-payment": {
    positives: [
      "Pay the fine with Google Play gift cards and send photos of the codes.",
      "You can pay by wire transfer or cryptocurrency.",
      "Take the cash to the Bitcoin ATM on Main Street.",
      "Send it as friends and family on your payment app.",
      "Pay the $1.99 redelivery fee to release your parcel.",
      "I mailed you a cashier's check for $1,200, please send the extra $750 to my mover.",
      "Pague con tarjetas de regalo o bitcoin.",
      "Haga una transferencia al agente hoy.",
      "Debe pagar una tarifa de liberación de $50.",
    ],
    negatives: [
      "Happy birthday! There's a gift card in your card from Grandma.",
      "No real business asks to be paid in gift cards.",
      "I'll send the photos on Monday.",
      "Gracias por su regalo de cumpleaños.",
    ],
  },
  "asks-for-secrets": {
    positives: [
      "Reply with the 6-digit code we just sent you.",
      "Please confirm your password to keep your account.",
      "I'm sending a code to your phone right now, can you tell me what it is?",
      "Type in your username and password to get the coins.",
      "Log in with your username, password and the 2-step code we text you.",
      "Envíenos su contraseña y el código de verificación.",
      "Te voy a mandar un código a tu teléfono, ¿me lo pasas?",
    ],
    negatives: [
      "Your code is 482913. Don't share it with anyone.",
      "We will never ask for your password, PIN or one-time codes.",
      "550217 is your sign-in code.",
      "Your verification code is 7314. If you didn't try to sign in, ignore this message.",
      "Su código es 123456. No lo comparta con nadie.",
      "Nunca le pediremos su contraseña.",
      "Sign in with your usual account and choose Reports.",
    ],
  },
  "asks-for-personal-details": {
    positives: [
      "Reply with your full name, date of birth and the last 4 digits of your SSN.",
      "Please send a photo of your driver's license and your bank account number.",
      "Confirm your details to restore access.",
      "Text back your card number, expiry date and the 3 digits on the back.",
      "Envíe su número de seguro social y sus datos bancarios.",
      "Confirme sus datos en el siguiente enlace.",
    ],
    negatives: [
      "We will never ask for your card number by text.",
      "Your card ending 4417 was used at Green Grocer.",
      "Nunca le pediremos su número de tarjeta.",
    ],
  },
  secrecy: {
    positives: [
      "Please don't tell Mom and Dad about this.",
      "Keep this between us for now.",
      "Do not contact your bank, they may be involved.",
      "This award is strictly confidential.",
      "No le diga a nadie sobre este premio.",
      "Esto queda entre nosotros.",
    ],
    negatives: [
      "Your code is 482913. Don't share this code with anyone.",
      "Don't tell anyone your PIN.",
      "This email and any attachments are confidential and intended only for the addressee.",
      "No comparta este código.",
    ],
  },
  "claims-authority": {
    positives: [
      "This is the IRS. Your tax refund is on hold: reply with your Social Security number.",
      "Cedarline Bank fraud department: your card has been locked. Confirm your details.",
      { sender: "QuickShip Couriers", text: "Your parcel is held. Pay the $2.99 redelivery fee now." },
      "Everyone in your class already did it! Answer 5 fun questions.",
      "Le llamamos de su banco: su cuenta ha sido bloqueada.",
    ],
    negatives: [
      // On its own a bank's name is what honest messages say too.
      "HarborBank: Your March statement is ready. View it any time in the HarborBank app.",
      "Your Fernway Outdoor order has shipped with QuickShip Couriers.",
      "Su banco le informa que su estado de cuenta está disponible.",
    ],
  },
  "new-number-relative": {
    positives: [
      "Hi Mum it's me, this is my new number.",
      "Hey Dad, I broke my phone so I'm texting from a friend's phone.",
      "New number, my old phone broke. Save this one!",
      "Hola mamá, este es mi nuevo número, se me cayó el celular.",
      "Abuela, soy yo, tuve un accidente.",
    ],
    negatives: [
      "Hi Mum, running late, home by 7.",
      "Dad, can you pick me up after practice?",
      "Hola mamá, ¿qué hay de cenar?",
    ],
  },
  "link-text-mismatch": {
    positives: [
      {
        text: "Sign in at www.harborbank.example to review the payment.",
        links: ["https://harborbank-review.example/x"],
      },
      "Visit paypal.com (https://secure-check.example/paypal) to confirm.",
      '<a href="https://other.example/login">www.maplebank.example</a>',
    ],
    negatives: [
      {
        text: "Sign in to cedarlinebank.example and choose Statements.",
        links: ["https://www.cedarlinebank.example/statements"],
      },
      "Review this payment (https://practice.scam-free.test/practice/abc)",
    ],
  },
  "lookalike-domain": {
    positives: [
      "Log in at https://paypa1.com/login now.",
      "Verify here: harborbank.secure-login.example/verify",
      "Your parcel: https://usps-redelivery-fee.example/track",
      "Open https://xn--pypal-4ve.com/",
      { sender: "Nimbus Drive <share@nimbusdrive.share-docs.example>", text: "Mark shared a document with you." },
      "Verifique su cuenta: http://harborbank-verificacion.example/acceso",
    ],
    negatives: [
      "Sign in at https://secure.chase.com or login.microsoftonline.com.",
      { sender: "HarborBank <alerts@harborbank.example>", text: "Your statement is ready." },
      { sender: "Linden Park Schools <office@lindenpark-schools.example>", text: "School is closed on Monday." },
      "See www.larkspurbooks.example for opening times.",
    ],
  },
  "short-link": {
    positives: ["Pay here: https://bit.ly/qs-redeliv", "Reschedule: tinyurl.com/abc123", "Entre aquí: rb.gy/x1y2"],
    negatives: ["Track it at https://www.northgateparcel.example/track", "I'll be there in a bit."],
  },
  "ip-address-link": {
    positives: [
      "Sign in: http://198.51.100.77/owa/auth.php",
      "Open http://[2001:db8::1]/login",
      "Go to 203.0.113.5/login",
    ],
    negatives: ["Update to version 1.2.3.4 of the app.", "Call 555-0100 between 9.30 and 5."],
  },
  "risky-attachment": {
    positives: [
      "Play the message: Voicemail_0042.htm (attached).",
      "Open the attached Invoice_2291.zip to see the charges.",
      "Please enable macros to view the document.",
      "Descargue la factura.exe adjunta y habilite las macros.",
    ],
    negatives: ["Your invoice is attached as a PDF.", "See https://www.larkspurbooks.example/hours.html"],
  },
  "job-offer": {
    positives: [
      "Work from home and earn $500 a day, no experience needed!",
      "Easy job 4 students: get parcels at home, repack them + post them on.",
      "Your resume was selected for a part-time remote position, $45 an hour.",
      "Trabajo desde casa, sin experiencia, gane $300 al día.",
    ],
    negatives: ["Parking downtown is $2 an hour.", "My shift at work ends at 5.", "Mi trabajo termina a las 5."],
  },
  "guaranteed-returns": {
    positives: [
      "Guaranteed returns of 30% a week, completely risk-free.",
      "Double your money with our crypto trading platform.",
      "His strategy never loses.",
      "Ganancias garantizadas y sin riesgo: duplique su dinero.",
    ],
    negatives: ["Your savings account earns 4.1% a year.", "Our team lost the game, but it was fun."],
  },
  "romance-money": {
    positives: [
      "My love, I need $1,400 to release my travel papers so I can come and see you.",
      "I finally booked my flight to see you babe, can you buy the ticket in Bitcoin?",
      "Mi amor, necesito dinero para el boleto para ir a verte.",
    ],
    negatives: [
      "Love you mom, see you at dinner!",
      "I miss you so much, can't wait to see you at Christmas.",
      "Te quiero mucho, nos vemos el domingo.",
    ],
  },
  "qr-code": {
    positives: ["Scan the QR code in the attached notice to pay.", "Escanee el código QR para confirmar su entrega."],
    negatives: ["The QR on your boarding pass will be checked.", "Have a great weekend!"],
  },
  "wrong-number": {
    positives: [
      "Hi, is this Amy? We met at the wine tasting last Saturday.",
      "Sorry, wrong number! But you seem so kind.",
      "Are you free for coffee tomorrow afternoon?",
      "Hola, ¿eres Carmen? Nos conocimos en la boda.",
      "Perdón, número equivocado.",
    ],
    negatives: ["Hi, is this ok with you?", "Is it raining there?", "¿Es tu turno mañana?"],
  },
  "callback-number": {
    positives: [
      "If you did not authorize this purchase, call our fraud team at (877) 555-0172.",
      "Your computer is infected. Call support immediately.",
      "Si no reconoce este cargo, llame al 800 555 0199 de inmediato.",
    ],
    negatives: [
      "To reschedule your appointment, call 555-0100.",
      "Questions about your order 20931? Call us any time.",
    ],
  },
  "surprise-bill": {
    positives: [
      "Your subscription has been renewed for $399.99. If you did not authorize this, call 1-888-555-0190 now.",
      "Your order of 3 gift cards is being processed. Didn't order this? Call 1 877 555 0114 to stop the charge.",
      "Se le ha cobrado $980. Si usted no realizó esta compra, llame al 800 555 0100 inmediatamente.",
    ],
    negatives: [
      // A receipt alone is what honest shops send.
      "Your order #FW-20931 has shipped. Thanks for shopping with Fernway.",
      "Your card ending 8845 was charged $11.99 by StreamNest. This is a recurring payment you set up.",
    ],
  },
  "throwaway-domain": {
    positives: [
      // The toll texts of issue 34, as written there.
      "E-ZPass: you have an unpaid toll of $4.35. Pay now: https://e-zpassny.com-etcaa.icu/pay",
      "Unpaid toll notice. Settle your balance at https://ezpass-ny.com-tollpay.top/us",
      { text: "Toll balance due today: ezpassnj.com-tollbill.xin", sender: "+63 917 555 0142" },
      { text: "Open the notice", links: ["https://parcel-desk.vip/n/8812"] },
    ],
    negatives: [
      // A small shop writing from its own address on ".shop" is how it really writes.
      {
        sender: "Bea's Candles <orders@beascandles.shop>",
        text: "Your order has shipped! Track it at https://beascandles.shop/track/1234",
      },
      "Our new site is live at https://lindenparkschools.example/news",
      "Ring the top floor when you arrive.",
    ],
  },
  "sender-mismatch": {
    positives: [
      {
        sender: "+63 917 555 0142",
        text: "E-ZPass: you have an unpaid toll of $6.99. Pay by today to avoid a $50 fee.",
      },
      { sender: "+44 7700 900418", text: "Northgate Parcel delivery: your parcel is on hold at our facility." },
      {
        sender: "DMV Notice <nydmv.notice@gmail.com>",
        text: "Department of Motor Vehicles: your license will be suspended.",
      },
      { sender: "+234 803 555 0177", text: "Aviso de peaje: tiene un saldo pendiente de $8.40." },
    ],
    negatives: [
      { sender: "+44 7700 900123", text: "Hi Grandma! Landed in London, the flight was fine. Love, Zoe" },
      { sender: "Aunt May <may.okafor@gmail.com>", text: "See you Sunday, I'll bring the pie." },
      { sender: "+1 (202) 555-0143", text: "E-ZPass: your monthly statement is ready in the app." },
      { sender: "72615", text: "HarborBank: your card ending 4417 was used for $12.40 at Cartwheel Market." },
    ],
  },
  "reply-to-activate": {
    positives: [
      "Reply Y then reopen this message to activate the link",
      "Please reply 1, then close and reopen this text to access the link.",
      "If the link is not clickable, reply Y and open the message again.",
      "Responda S y vuelva a abrir este mensaje para activar el enlace.",
    ],
    negatives: [
      "Reply YES to confirm your appointment on Tuesday.",
      "Reply STOP to opt out of these reminders.",
      "Reply Y if you can pick up Leo at 3.",
    ],
  },
};

describe("each rule", () => {
  it("has cases for every sign", () => {
    expect(Object.keys(RULE_CASES).sort()).toEqual([...SIGN_IDS].sort());
  });

  for (const [id, { positives, negatives }] of Object.entries(RULE_CASES) as [SignId, (typeof RULE_CASES)[SignId]][]) {
    describe(id, () => {
      it.each(positives.map((message) => [JSON.stringify(message), message]))("finds it in %s", (_, message) => {
        expect(foundIds(message)).toContain(id);
      });
      it.each(negatives.map((message) => [JSON.stringify(message), message]))(
        "does not find it in %s",
        (_, message) => {
          expect(idsOf(message)).not.toContain(id);
        },
      );
    });
  }
});

describe("the result", () => {
  const scam: CheckInput = {
    sender: "HarborBank Security <alerts@harborbank-secure.example>",
    subject: "URGENT: your account is locked",
    text: "Dear customer,\nYour account has been suspended. Reply with your password within 24 hours.\n\nDon't tell anyone.",
    links: ["https://bit.ly/hb-unlock", "http://198.51.100.7/login"],
  };

  it("quotes the person's own words at the offsets it gives, in every field", () => {
    const curly = "Don’t tell ANYONE, my dear. Envíe su CONTRASEÑA ahora mismo, es urgente.";
    for (const message of [
      scam,
      { text: curly },
      ...Object.values(RULE_CASES).flatMap((c) => c.positives.map(input)),
    ]) {
      for (const sign of check(message).signs) {
        expect(fieldText(message, sign).slice(sign.start, sign.end), `${sign.id} in ${sign.field}`).toBe(sign.quote);
        expect(sign.quote.length).toBeGreaterThan(0);
      }
    }
  });

  it("matches across case, accents and curly apostrophes, keeping the original letters", () => {
    expect(quotesOf("Don’t tell ANYONE about this. Send $200 in gift cards.", "secrecy")).toEqual([
      "Don’t tell ANYONE",
    ]);
    expect(quotesOf("Envíe su CONTRASEÑA ahora.", "asks-for-secrets")).toEqual(["Envíe su CONTRASEÑA"]);
    expect(quotesOf("Su cuenta está BLOQUEADA. Envíe su contraseña.", "threat")).toEqual(["BLOQUEADA"]);
  });

  it("numbers the signs 1..n in reading order: sender, subject, text top to bottom, then links", () => {
    const { signs, verdict } = check(scam);
    expect(verdict).toBe("warning-signs");
    expect(signs.map((sign) => sign.number)).toEqual(signs.map((_, index) => index + 1));
    const fieldOrder = ["sender", "subject", "text", "links"];
    for (let i = 1; i < signs.length; i++) {
      const [a, b] = [signs[i - 1], signs[i]];
      const order =
        fieldOrder.indexOf(a.field) - fieldOrder.indexOf(b.field) ||
        (a.linkIndex ?? 0) - (b.linkIndex ?? 0) ||
        a.start - b.start;
      expect(order, `${a.id} before ${b.id}`).toBeLessThanOrEqual(0);
    }
    expect(signs.map((sign) => sign.field)).toEqual(expect.arrayContaining(["sender", "subject", "text", "links"]));
    expect(signs.filter((sign) => sign.field === "links").map((sign) => sign.linkIndex)).toEqual(
      expect.arrayContaining([0, 1]),
    );
  });

  it("never puts two highlights on the same words, and keeps each sign to a few highlights", () => {
    const noisy = [
      "URGENT urgent Urgent! Act now, act now, act now, immediately, right now, hurry, hurry.",
      "gift cards gift cards gift cards gift cards bitcoin bitcoin crypto wire transfer",
      "Call our fraud team at (877) 555-0172 immediately, your account is locked.",
    ];
    for (const text of noisy) {
      const { signs } = check(text);
      const places = signs.map((sign) => `${sign.field}:${sign.linkIndex ?? ""}:${sign.start}-${sign.end}`);
      expect(new Set(places).size, text).toBe(places.length);
      for (const id of new Set(signs.map((sign) => sign.id))) {
        expect(signs.filter((sign) => sign.id === id).length, `${id} in ${text}`).toBeLessThanOrEqual(3);
      }
      // A rule never highlights two overlapping pieces of its own.
      for (const a of signs)
        for (const b of signs)
          if (a !== b && a.id === b.id && a.field === b.field) expect(a.end <= b.start || b.end <= a.start).toBe(true);
    }
  });

  it("shows context signs (a bank's name, a bill) only beside a warning", () => {
    expect(idsOf("Cedarline Bank: your statement is ready.")).toEqual([]);
    expect(idsOf("Cedarline Bank: your card has been locked. Unlock it at https://cedarline-unlock.example")).toEqual(
      expect.arrayContaining(["claims-authority", "threat"]),
    );
    expect(idsOf("Hurry, the sale ends tonight!")).toEqual([]);
    expect(idsOf("Hurry, the sale ends tonight! Pay with gift cards.")).toEqual(
      expect.arrayContaining(["urgency", "unusual-payment"]),
    );
  });

  it("gives every sign its words and pages", () => {
    for (const sign of check(scam).signs) {
      expect(sign.title.length).toBeGreaterThan(3);
      expect(sign.why.length).toBeGreaterThan(40);
      expect(sign.learnMore).toMatch(/^\/red-flags\/[a-z-]+$/);
      expect(sign.coursePage).toMatch(/^\/course\/scam-free\/\d+$/);
    }
  });

  it("quotes exactly what it points at, whatever is pasted", () => {
    const pieces = fc.constantFrom(
      ..."send me your code|pay|gift cards|within 24 hours|Hi Mum it's me|bit.ly/x|http://198.51.100.7/a|paypa1.com|é|ñ|’|“|İ|😀| |\n|.|,|$50|(877) 555-0172|call us|BLOQUEADA|contraseña".split(
        "|",
      ),
    );
    const text = fc
      .array(fc.oneof(pieces, fc.string({ maxLength: 6 })), { maxLength: 40 })
      .map((parts) => parts.join(" "));
    fc.assert(
      fc.property(text, text, text, (body, sender, link) => {
        const message = { text: body, sender, subject: sender, links: [link] };
        const { signs } = checkMessage(message);
        signs.forEach((sign, index) => {
          expect(sign.number).toBe(index + 1);
          expect(fieldText(message, sign).slice(sign.start, sign.end)).toBe(sign.quote);
        });
      }),
      { numRuns: 300 },
    );
  });

  it("reads long runs of awkward characters in linear time", () => {
    const awkward = [
      ("x-".repeat(30) + "y.com ").repeat(300),
      "a.".repeat(10_000),
      "a".repeat(20_000),
      " ".repeat(20_000),
      "'".repeat(20_000),
      "-".repeat(20_000),
      "1.2.3.".repeat(3_300),
      "$1,".repeat(6_600),
      "a@".repeat(10_000),
      "http://" + "a/".repeat(9_990),
      "Abc Bank ".repeat(2_200),
    ];
    for (const text of awkward) {
      const started = performance.now();
      checkMessage({ text, sender: text.slice(0, 300), subject: text.slice(0, 300), links: [text.slice(0, 2_000)] });
      expect(performance.now() - started, JSON.stringify(text.slice(0, 12))).toBeLessThan(1_500);
    }
  });

  it("handles a message at the length limit quickly", () => {
    const long = "Please pay the fee by gift card within 24 hours or your account will be locked. ".repeat(
      Math.floor(MAX_CHECK_TEXT / 81),
    );
    expect(long.length).toBeLessThanOrEqual(MAX_CHECK_TEXT);
    const started = performance.now();
    const { signs } = check(long);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(signs.length).toBeGreaterThan(0);
  });
});

describe("the pages each sign links to", () => {
  const pages = loadRedFlagPageFiles();

  it("are public red-flag pages that teach the same thing as the course page named", () => {
    const messages = Object.values(RULE_CASES).flatMap((c) => c.positives.map(input));
    const seen = new Map<SignId, { learnMore: string; coursePage: string }>();
    for (const message of messages) {
      const prepared = prepareMessage(message);
      for (const rule of RULES) if (rule.find(prepared).length > 0) seen.set(rule.id, rule.page);
    }
    expect([...seen.keys()].sort()).toEqual([...SIGN_IDS].sort());
    for (const [id, sign] of seen) {
      const slug = sign.learnMore.replace(/^\/red-flags\//, "");
      const page = pages.find((p) => p.slug === slug);
      expect(page, `${id}: ${sign.learnMore}`).toBeDefined();
      const course = Number(sign.coursePage.replace(/^\/course\/scam-free\//, ""));
      expect([page!.coursePage, ...(page!.otherCoursePages ?? [])], `${id}: ${sign.coursePage}`).toContain(course);
    }
  });
});
