import type { SignId } from "./sign-ids";

/**
 * Each warning sign's name and explanation for the Spanish edition of "Is this a scam?"
 * (/es/check, issue 39). Written in Spanish for US readers, not translated word for word: "usted",
 * plain words, and the same advice the English carries (rules/<id>.ts holds the English).
 */
export const SIGN_WORDS_ES: Record<SignId, { title: string; why: string }> = {
  urgency: {
    title: "Prisa por actuar",
    why: "El mensaje le apura con una fecha límite o una cuenta regresiva. Las empresas y las personas de verdad le dan tiempo para detenerse y averiguar; un estafador le apura para que no lo haga.",
  },
  threat: {
    title: "Una amenaza que asusta",
    why: "Le advierte que algo malo va a pasar, como una cuenta bloqueada, una multa o hasta un arresto, si no hace lo que le piden. El miedo nos hace correr a todos, y eso es justo lo que busca quien lo envía.",
  },
  prize: {
    title: "Un premio o dinero que no esperaba",
    why: "Dice que usted ganó algo o que le deben dinero que nunca pidió. Nadie gana un concurso en el que no participó, y un premio o reembolso de verdad nunca cuesta dinero para cobrarlo.",
  },
  "unusual-payment": {
    title: "Pagar con tarjetas de regalo, cripto o giros",
    why: "Le pide dinero de una forma que es muy difícil de recuperar, como tarjetas de regalo, criptomonedas, una transferencia o una app de pagos a un desconocido, o una tarifa para liberar algo. Los negocios honrados y las oficinas del gobierno no cobran así.",
  },
  "asks-for-secrets": {
    title: "Pide una contraseña o un código",
    why: "Le pide una contraseña, un PIN o un código que le enviaron. Esas son las llaves de sus cuentas, y ninguna empresa de verdad, ni ningún amigo de verdad, se las va a pedir.",
  },
  "asks-for-personal-details": {
    title: "Pide sus datos personales",
    why: "Le pide cosas como el número de su cuenta o tarjeta, su fecha de nacimiento o su identificación. Un desconocido que pide esto por mensaje quiere usarlo para hacerse pasar por usted o quitarle su dinero.",
  },
  secrecy: {
    title: "Le pide que guarde el secreto",
    why: "Le dice que no le cuente a nadie, o que no hable con su banco ni con su familia. Los estafadores lo quieren a solas, porque quienes lo quieren a usted se darían cuenta del engaño.",
  },
  "claims-authority": {
    title: "Se vale de un nombre importante",
    why: "Se apoya en un nombre grande, como un banco, una oficina del gobierno, una empresa de envíos o soporte técnico, o en que “todo el mundo lo hace”. Cualquiera puede escribir un nombre o un número. Comuníquese usted con esa organización, con un número o una app en los que ya confía.",
  },
  "new-number-relative": {
    title: "Un familiar con “número nuevo”",
    why: "Dice ser alguien de su familia con un número nuevo, o en apuros. Antes de hacer nada, llámele al número que usted ya tiene, o pregúntele algo que solo esa persona sabría.",
  },
  "link-text-mismatch": {
    title: "El enlace lleva a otro sitio",
    why: "La dirección que usted puede leer no es a donde lleva el enlace de verdad. Los estafadores le muestran una dirección de confianza y lo mandan a su propia página.",
  },
  "lookalike-domain": {
    title: "Una dirección web que imita a otra",
    why: "Esta dirección está disfrazada para parecer una de verdad, con letras cambiadas, palabras de más o un nombre conocido metido en medio. Lea el final de la dirección, justo antes de la primera “/”: ese es el verdadero dueño.",
  },
  "short-link": {
    title: "Un enlace acortado",
    why: "Un enlace corto esconde a dónde lleva, así que no puede revisarlo antes de tocarlo. No lo use: vaya usted mismo al sitio web o a la app de la empresa.",
  },
  "ip-address-link": {
    title: "Un enlace hecho de números",
    why: "El enlace lleva a una serie de números en lugar del nombre de una empresa. Las organizaciones de verdad usan su propia dirección web, así que un enlace así es una señal seria.",
  },
  "risky-attachment": {
    title: "Un archivo adjunto peligroso",
    why: "Quiere que abra un tipo de archivo que puede instalar un programa o mostrar una página falsa para iniciar sesión, o que “habilite” algo en un documento. No lo abra a menos que lo esperara y lo haya confirmado con quien lo envió por otro medio.",
  },
  "job-offer": {
    title: "Un trabajo de dinero fácil",
    why: "Ofrece mucho dinero por poco trabajo, o un empleo que usted nunca solicitó. Los trabajos de verdad le entrevistan como se debe, y nunca le piden que pague ni que reenvíe dinero o paquetes por ellos.",
  },
  "guaranteed-returns": {
    title: "Ganancias garantizadas",
    why: "Promete dinero que no se puede perder, o que se duplica rápido. Las inversiones de verdad siempre pueden bajar además de subir; “garantizado” es palabra de estafador.",
  },
  "romance-money": {
    title: "Un amor en línea que necesita dinero",
    why: "Alguien a quien solo conoce por internet es cariñoso y amable, y luego necesita dinero para un boleto, una cuenta o una tarifa. Quien de verdad le quiere no le pide dinero antes de conocerse en persona.",
  },
  "qr-code": {
    title: "Escanear un código QR",
    why: "Le pide que escanee un código QR. Un código QR es un enlace que usted no puede leer, así que puede abrir una página falsa; mejor vaya usted mismo al sitio web o a la app de verdad.",
  },
  "wrong-number": {
    title: "Un desconocido muy amable",
    why: "Un desconocido empieza a platicar como si fuera por error, o como si se hubieran conocido en un lugar que usted no recuerda. Muchas estafas largas empiezan así, y está bien no contestar.",
  },
  "callback-number": {
    title: "“Llame a este número”",
    why: "Le dice que llame a un número escrito en el mensaje, o que alguien le va a llamar, y esa llamada va directo al estafador. Use un número que ya conoce, como el que está al reverso de su tarjeta o en el sitio web de la empresa.",
  },
  "surprise-bill": {
    title: "Un cobro que no esperaba",
    why: "Dice que le cobraron, o que viene en camino un pedido o una renovación, por algo que usted nunca compró, para que corra a “cancelarlo”. Revise su cuenta en la app o el sitio web de verdad, no a través de este mensaje.",
  },
  "throwaway-domain": {
    title: "Una dirección web desechable",
    why: "Esta dirección termina en una extensión barata (como “.top”, “.xin” o “.icu”) que los estafadores compran por cientos y tiran a los pocos días. Una autopista de peaje, un banco o una empresa de envíos usa su propia dirección conocida, no una así.",
  },
  "sender-mismatch": {
    title: "Un remitente que no cuadra",
    why: "El mensaje dice venir de una autopista de peaje, una agencia, un banco o una empresa de envíos de EE. UU., pero llegó desde un número de otro país, desde un número de celular común o desde un correo gratuito. Sus mensajes de verdad vienen de sus propios números cortos y de su propia dirección web.",
  },
  "reply-to-activate": {
    title: "“Responda S para activar el enlace”",
    why: "Su teléfono desactiva los enlaces de los mensajes de desconocidos para protegerlo. Este mensaje le pide que responda para que el enlace vuelva a funcionar, y su respuesta además le confirma al estafador que su número es real. No responda ni abra el enlace.",
  },
};
