import { describe, expect, it } from "vitest";
import type { CheckInput } from "~/checker/check-message";
import { check, describeSignCases, type SignCases } from "../support/checker-cases";

/**
 * The signs widened after batch 9 of the evaluation set (written by writers who never saw the
 * rules, measured first): harm that is "prevented" rather than "avoided", threats to a person,
 * "if you tell anyone", "don't hang up", routine weekly profits, a guessing-game new number, "me
 * dieron este número", bank transfers and cash at the door, cashtags, "reply YES for a call", a
 * code asked for "back with this text" or "me lo dicta", and the honest messages that must stay
 * quiet (a school's fee paid in its portal, a grandmother's gift card present, a parish raffle,
 * a prayer chain, a bank's list of what it never asks). Every message here is written for this
 * test, not taken from the evaluation set.
 */

const stranger = (text: string, sender = "+1 (479) 555-0164"): CheckInput => ({ sender, text });

const CASES: SignCases = {
  "harm prevented, and harm to a person": {
    id: "threat",
    positives: [
      "To prevent suspension of your water service, settle the balance today.",
      "Pay now to stop further late fees on your account.",
      "Para evitar el corte de luz, pague hoy mismo.",
      "We know where you live, so pay before midnight.",
      "Sabemos dónde vive usted y su familia.",
      "Everyone in your contact list will get the link unless you pay.",
      "Si no recarga hoy, se congela su saldo.",
    ],
    negatives: [
      "Wash your hands to prevent the flu this winter!",
      "Para evitar filas, llegue temprano a la feria de salud.",
      "Let us know where you live now so we can send the yearbook.",
    ],
  },
  '"if you tell anyone", "don\'t hang up", "don\'t go to the branch"': {
    id: "secrecy",
    positives: [
      stranger("If you tell anyone or call the police, the deal is over. Reply YES for instructions."),
      stranger("Si avisa a alguien, no hay trato. Conteste SI."),
      stranger("Stay on the line, don't hang up, and don't go to your branch: they can't see your case."),
      stranger("Por favor no cuelgue ni vaya a la sucursal."),
    ],
    negatives: [
      { sender: "Coach Dana", text: "If you tell anyone about the surprise party, Sam will find out! Saturday 3pm." },
      "If you call the office before 9, leave a message and we'll call back.",
    ],
  },
  "profits told as routine": {
    id: "guaranteed-returns",
    positives: [
      stranger("Made 22% again this week with my cousin's signals group, you should start small"),
      stranger("Our desk never has a losing month. Start with $500."),
    ],
    negatives: [
      "The savings account pays 4% a year, paid monthly.",
      "Attendance was 92% this week, thank you families!",
    ],
  },
  "a guessing game instead of a name": {
    id: "new-number-relative",
    positives: [
      stranger("Hola tío, ¡adivina quién soy! Cambié de número, guárdalo"),
      stranger("Guess who this is 😄 new phone, save it"),
    ],
    negatives: [
      { sender: "Rosa (church)", text: "¡Adivina qué! Ganamos el concurso de pasteles 🎂" },
      stranger("Your grandson is in the school play tonight, seats at 7"),
    ],
  },
  "a stranger who was given your number, or typed it by mistake": {
    id: "wrong-number",
    positives: [
      stranger("so sorry, I entered your number by mistake on an app, a code just went to you, can you send it?"),
      stranger("Perdón, puse su número por error y le llegó mi código"),
      stranger("Buenas, me dieron este número para lo de la renta del cuarto"),
      stranger("Hi! I was given this number for the piano lessons?"),
    ],
    negatives: [
      {
        sender: "Dr. Lee's office",
        text: "We were given this number as your emergency contact. Call 555-0114 to update.",
      },
    ],
  },
  "a transfer to a named account, cash at the door, money to your own number, a cashtag": {
    id: "unusual-payment",
    positives: [
      stranger("The deposit is $900 by bank transfer to the account below. Name: J. Moss, acct 0055512"),
      "The $120 inspection fee is collected in cash by the technician at your door.",
      stranger("Para proteger su dinero, hágase un envío de $500 a su propio número por la app."),
      stranger("Families lost everything in the flood, please send $20 to $HelpRiverKids tonight"),
      stranger("Please do not book through the site while it is updated; pay me directly instead."),
      stranger("Tú solo me depositas a mi cuenta personal y tu familia cobra hoy."),
    ],
    negatives: [
      {
        sender: "Linden Park Schools <office@lindenparkschools.example>",
        text: "The $15 field trip fee is due Friday. Pay in the parent portal or send cash in an envelope with your child's name.",
      },
      {
        sender: "Abuela Carmen",
        text: "Mijo te compré una tarjeta de regalo para tu cumpleaños, no le digas a tu hermana, es sorpresa 🎂",
      },
      "Tickets are $5 each, the price is $5.00 at the door.",
      { sender: "Dad", text: "I moved the $200 to my personal account, the joint one is for bills only." },
      {
        sender: "Harbor Diner",
        text: "Thanks for dining with us! Scan the QR code on your table to pay and leave a tip.",
      },
    ],
  },
  '"reply YES for a call", and a call promised rather than asked': {
    id: "callback-number",
    positives: [stranger("Your loan may qualify for full discharge. Reply YES for a call from a relief specialist.")],
    negatives: [
      {
        sender: "Parroquia San José",
        text: "¡Gracias por su boleto de la rifa! Si gana, le llamaremos al (213) 555-0172. El premio se recoge gratis.",
      },
      {
        sender: "Maple Row Pharmacy",
        text: "Your refill is ready. Reply 1 to confirm pick-up today, or call us at (503) 555-0190.",
      },
    ],
  },
  "a code asked back with the text, or read out": {
    id: "asks-for-secrets",
    positives: [
      stranger("We blocked a login. Reply to this text with the code we sent so we can secure it."),
      stranger("Le llegará un código a su teléfono, me lo dicta por favor y quedamos."),
    ],
    negatives: [
      {
        sender: "Maplebank <alerts@maplebank.example>",
        text: "Reply YES if it was you. Maplebank will never ask you to move money to a new account or to share a one-time code with anyone who calls.",
      },
    ],
  },
  "a birthday asked for, not a birthday present": {
    id: "asks-for-personal-details",
    positives: [stranger("To verify you, reply with your full name and your birthday.")],
    negatives: [{ sender: "Grandma Rose", text: "I put $50 on a gift card for Sam's birthday, it's in the mail 😊" }],
  },
};

describeSignCases("batch 9: signs as kinds", CASES);

describe("batch 9: the answer", () => {
  it.each([
    stranger(
      "Alguien nos pagó para hacerle daño. Sabemos dónde vive. Si avisa a alguien se acaba el trato. Conteste SI.",
    ),
    stranger("To prevent disconnection today, call our billing desk at (614) 555-0127."),
    stranger("Your phone plan renews tomorrow at $389. To cancel, speak with a representative at 1 (866) 555-0140."),
    {
      sender: "+1 (601) 555-0177",
      text: "Beneficios de Medicare: confírmenos su número de Medicare y su fecha de nacimiento para la tarjeta nueva.",
    },
  ])("warns about %j", (message) => {
    expect(check(message).verdict).toBe("warning-signs");
  });

  it.each([
    {
      sender: "Prayer chain",
      text: "Please keep the Lopez family in your prayers, Ana is in surgery this morning. No need to reply.",
    },
    {
      sender: "Coach Laura",
      text: "HOY es el último día para pagar la cuota del torneo ($40). Se paga en efectivo conmigo en el entrenamiento.",
    },
    { sender: "+1 (503) 555-0181", text: "hi grandpa its leo!! i got my own phone!!! this is my number now lol" },
  ])("stays quiet on %j", (message) => {
    expect(check(message).verdict).toBe("none-found");
  });
});
