import { describe, expect, it } from "vitest";
import { childNoticeEmail, consentNoticeEmail } from "~/training/people/training-emails";
import {
  childNoticeEmailEs,
  childNoticeTextEs,
  consentNoticeEmailEs,
  consentNoticeTextEs,
} from "~/training/people/training-emails-es";

// Issue #35: a notice says who, what, how often, what the holder sees and how to stop in at most
// 120 words above its button, so a phone shows the button without reading an essay first.
const BRAND = {
  productName: "scam-free",
  siteUrl: "https://scam-free.example",
  supportEmail: "help@scam-free.example",
};
const CONSENT_URL = "https://scam-free.example/training/consent/abc";
const INPUT = {
  contactName: "Jorge Alvarez",
  holderName: "Maria Alvarez",
  consentUrl: CONSENT_URL,
  reportAddress: "report@practice.example",
};

/** The plain-text body from the greeting to the line that carries the button's address. */
function aboveTheButton(text: string) {
  const lines = text.split("\n");
  const button = lines.findIndex((line) => line.includes(CONSENT_URL));
  expect(button).toBeGreaterThan(0);
  return lines.slice(0, button).join(" ");
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe("the notices before anyone says yes", () => {
  it("the adult's notice: at most 120 words above the button, with every fact a person needs to decide", () => {
    const top = aboveTheButton(consentNoticeEmail(BRAND, INPUT).text);
    expect(words(top)).toBeLessThanOrEqual(120);
    expect(top).toContain("Maria signed you up"); // who
    expect(top).toContain("at most one practice message a week"); // how often
    expect(top).toContain("Practice messages will not say they are practice"); // what, honestly
    expect(top).toContain("Maria will see"); // what the holder sees
    expect(top).toContain("reply STOP"); // how to stop
    expect(top).toContain("Nothing you type is ever collected");
  });

  it("the details follow the button: reporting, 'This isn't me', the full list the holder sees", () => {
    const { text } = consentNoticeEmail(BRAND, INPUT);
    const below = text.slice(text.indexOf(CONSENT_URL));
    expect(below).toContain("report@practice.example");
    expect(below).toContain("This isn't me");
    expect(below).toContain("your level and your weeks in a row without a fall");
  });

  it("the child's notice: at most 120 words above the button, and it says what the parent will see", () => {
    const top = aboveTheButton(childNoticeEmail(BRAND, INPUT).text);
    expect(words(top)).toBeLessThanOrEqual(120);
    expect(top).toContain("Maria will see which messages you got and if you reported, spotted or pressed them");
    expect(top).toContain("It will look real and will not say it is practice.");
    expect(top).toContain("reply STOP");
  });
});

describe("the notices in Spanish (issue #39): the same facts, the same limit, 'usted' and 'tú'", () => {
  it("the adult's notice: at most 120 words above the button, who, how often, honest, what the holder sees, how to stop", () => {
    const email = consentNoticeEmailEs(BRAND, INPUT);
    const top = aboveTheButton(email.text);
    expect(words(top)).toBeLessThanOrEqual(120);
    expect(top).toContain("Maria le inscribió");
    expect(top).toContain("como máximo un mensaje de práctica por semana");
    expect(top).toContain("Los mensajes de práctica no dicen que son de práctica");
    expect(top).toContain("Maria verá");
    expect(top).toContain("responda STOP");
    expect(top).toContain("Nunca se guarda nada de lo que usted escriba");
    expect(email.html).toContain('<html lang="es">');
    const below = email.text.slice(email.text.indexOf(CONSENT_URL));
    expect(below).toContain('"No soy yo"');
    expect(below).toContain("report@practice.example");
  });

  it("the child's notice speaks as 'tú' and stays under 120 words above 'Sí, quiero participar'", () => {
    const email = childNoticeEmailEs(BRAND, INPUT);
    const top = aboveTheButton(email.text);
    expect(words(top)).toBeLessThanOrEqual(120);
    expect(top).toContain("Maria te inscribió");
    expect(top).toContain("Se verá real y no dirá que es de práctica.");
    expect(top).toContain("Maria verá qué mensajes recibiste");
    expect(email.text).toContain("Sí, quiero participar: https://scam-free.example/training/consent/abc");
    expect(top).not.toMatch(/\busted\b/);
  });

  it("a name that cannot be shown to a stranger is left out, in Spanish too", () => {
    const text = consentNoticeTextEs(BRAND, {
      ...INPUT,
      holderName: "",
      replyCode: "4821",
    });
    expect(text).toContain("Un familiar le inscribió");
    expect(text).not.toContain("undefined");
    expect(text).toContain("responda SI 4821");
    expect(childNoticeTextEs(BRAND, { ...INPUT, contactName: "Family member 2" })).toContain(
      "¡Hola! Maria te inscribió",
    );
  });
});
