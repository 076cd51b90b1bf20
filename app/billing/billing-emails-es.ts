/**
 * Billing's emails for a holder whose account was made on the Spanish edition (issue #39): the
 * receipt and the failed-payment notice, written in Spanish ("usted") with the same facts, links
 * and promises as their English twins in billing-emails.ts.
 */
import { compose, type MailBranding } from "~/mail/templates";
import { receiptMemberLabel, type ReceiptMember } from "./billing-emails";

const dollars = new Intl.NumberFormat("es-US", { style: "currency", currency: "USD" });

export function subscriptionStartedEmailEs(
  brand: MailBranding,
  input: { name: string; planName: string; price: number; members: ReceiptMember[]; periodEnd: string },
) {
  const people =
    input.members.length > 0
      ? [
          {
            kind: "p" as const,
            text: `Los familiares incluidos en este plan: ${input.members.map(receiptMemberLabel).join(", ")}.`,
          },
        ]
      : [];
  return compose(
    brand,
    `Recibo: su ${input.planName} ya empezó`,
    `Hola, ${input.name}:`,
    [
      {
        kind: "p",
        text: `Gracias por unirse. Su ${input.planName} está activo: ${dollars.format(input.price)} al mes, con renovación el ${input.periodEnd}.`,
      },
      ...people,
      {
        kind: "p",
        text: "Los mensajes de práctica no tienen ningún riesgo: nunca le piden que pague ni que escriba una contraseña, y cada uno tiene una página que muestra sus señales de alerta.",
      },
      {
        kind: "p",
        text: "Ahora prepare el entrenamiento de su familia: diga quién es cada persona, confirme por los niños o adolescentes y envíe los avisos. No se le envía nada a nadie hasta que diga que sí desde su propio correo o teléfono.",
      },
      {
        kind: "button",
        label: "Preparar su Programa de entrenamiento",
        url: `${brand.siteUrl}/es/account/training`,
      },
      { kind: "p", text: `Su cuenta: ${brand.siteUrl}/es/account` },
      {
        kind: "p",
        text: "Puede cancelar cuando quiera desde la página de su cuenta; conserva el acceso hasta el final del período que pagó.",
      },
    ],
    "es",
  );
}

export function paymentFailedEmailEs(brand: MailBranding, input: { name: string; planName: string }) {
  return compose(
    brand,
    `No se pudo cobrar su ${input.planName}`,
    `Hola, ${input.name}:`,
    [
      {
        kind: "p",
        text: `El último pago de su ${input.planName} no se pudo completar. Puede que la tarjeta haya vencido o que el banco lo haya rechazado.`,
      },
      {
        kind: "p",
        text: "Todavía no se pierde nada: lo volveremos a intentar en los próximos días. Para arreglarlo ahora, actualice su forma de pago desde la página de su cuenta.",
      },
      { kind: "button", label: "Actualizar la forma de pago (en inglés)", url: `${brand.siteUrl}/account` },
      {
        kind: "p",
        text: "Le enviamos este correo porque tiene una suscripción con nosotros. Nunca le pediremos los datos de su tarjeta por correo ni por mensaje de texto.",
      },
    ],
    "es",
  );
}
