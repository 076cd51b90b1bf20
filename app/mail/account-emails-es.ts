/**
 * The account's emails for someone who signed up on the Spanish edition (issue #39): written in
 * Spanish, "usted", not translated line by line; the same facts, links and limits as their English
 * twins in templates.ts. Which one goes is the account's language (users.language).
 */
import { compose, type MailBranding } from "./templates";

const NEVER_ASK =
  "Se lo recordaremos a menudo: nunca le pediremos su contraseña, un código ni un pago con tarjetas de regalo.";

export function confirmEmailEmailEs(brand: MailBranding, input: { confirmUrl: string; expiresInDays: number }) {
  return compose(
    brand,
    `Confirme su correo electrónico para ${brand.productName}`,
    "Hola:",
    [
      {
        kind: "p",
        text: `Le damos la bienvenida a ${brand.productName}. Confirme, por favor, que este correo es suyo. Si alguien de su familia compró el Programa de entrenamiento y dio esta dirección, al confirmarla se le abre a usted.`,
      },
      { kind: "button", label: "Confirmar mi correo", url: input.confirmUrl },
      {
        kind: "p",
        text: `El enlace sirve durante ${input.expiresInDays} días. Si usted no creó una cuenta, no tiene que hacer nada: no pasará nada.`,
      },
      { kind: "p", text: NEVER_ASK },
    ],
    "es",
  );
}

export function passwordResetEmailEs(brand: MailBranding, input: { resetUrl: string; expiresInMinutes: number }) {
  return compose(
    brand,
    `Cambie su contraseña de ${brand.productName}`,
    "Hola:",
    [
      {
        kind: "p",
        text: `Alguien (esperamos que usted) pidió cambiar la contraseña de su cuenta de ${brand.productName}.`,
      },
      { kind: "button", label: "Elegir una contraseña nueva", url: input.resetUrl },
      {
        kind: "p",
        text: `Este enlace sirve una sola vez y vence en ${input.expiresInMinutes} minutos. Al poner una contraseña nueva, se cierra la sesión en todos los demás aparatos donde tenga abierta su cuenta.`,
      },
      {
        kind: "p",
        text: "Si usted no lo pidió, puede ignorar este correo: su contraseña sigue igual. Nunca le pediremos su contraseña por correo.",
      },
    ],
    "es",
  );
}

export function passwordChangedEmailEs(brand: MailBranding) {
  return compose(
    brand,
    `Se cambió su contraseña de ${brand.productName}`,
    "Hola:",
    [
      {
        kind: "p",
        text: `Se acaba de cambiar la contraseña de su cuenta de ${brand.productName}, y se cerró la sesión en los demás aparatos.`,
      },
      {
        kind: "p",
        text: `Si no fue usted, cambie su contraseña enseguida desde la página para iniciar sesión y avísenos a ${brand.supportEmail}.`,
      },
    ],
    "es",
  );
}

export function accountExistsEmailEs(brand: MailBranding) {
  return compose(
    brand,
    `Alguien intentó crear una cuenta de ${brand.productName} con su correo`,
    "Hola:",
    [
      {
        kind: "p",
        text: `Alguien acaba de intentar crear una cuenta nueva de ${brand.productName} con este correo. Usted ya tiene una, así que no se cambió nada.`,
      },
      { kind: "button", label: "Iniciar sesión", url: `${brand.siteUrl}/es/auth` },
      {
        kind: "p",
        text: `¿Olvidó su contraseña? Elija una nueva aquí: ${brand.siteUrl}/es/forgot-password`,
      },
      { kind: "p", text: "Si no fue usted, puede ignorar este correo. Su cuenta y su contraseña siguen igual." },
    ],
    "es",
  );
}
