import type { MessageKey } from "./en";

/**
 * El catálogo en español: español de EE. UU., "usted" para los adultos, escrito para quien lo lee
 * y no traducido palabra por palabra. The same keys as en.ts (the type makes a missing one an
 * error; tests/unit/message-catalogues.test.ts checks the ICU syntax and the placeholders).
 */
export const es: Record<MessageKey, string> = {
  // El marco de la página
  "layout.skipToContent": "Ir al contenido",
  "nav.main": "Principal",
  "nav.home": "Inicio",
  "nav.training": "Entrenamiento",
  "nav.freeCourse": "Curso gratis",
  "nav.weeklyLessons": "Lecciones semanales",
  "nav.community": "Comunidad",
  "nav.support": "Ayuda",
  "nav.check": "¿Es una estafa?",
  "nav.myAccount": "Mi cuenta",
  "nav.signIn": "Iniciar sesión",
  "nav.getStarted": "Empezar",
  "nav.menu": "Menú",
  "nav.inEnglish": "{label} (en inglés)",
  "language.switch": "English",
  "language.switchLabel": "Read this page in English",
  "language.suggestion": "This page is also in English.",
  "language.suggestionLink": "Read it in English",
  "language.dismiss": "No, thanks",
  "footer.tagline": "Ayudamos a padres, hijos y abuelos a reconocer y evitar las estafas en internet.",
  "footer.shareLabel": "Compartir scam-free",
  "footer.shareText": "Curso gratis para que la familia aprenda a reconocer estafas en internet",
  "footer.shareFacebook": "Compartir en Facebook",
  "footer.shareX": "Compartir en X",
  "footer.shareLinkedIn": "Compartir en LinkedIn",
  "footer.shareEmail": "Compartir por correo",
  "footer.quickLinks": "Enlaces rápidos",
  "footer.trainingProgram": "Programa de entrenamiento",
  "footer.resources": "Recursos",
  "footer.reportFtc": "Reporte un fraude a la FTC",
  "footer.ic3": "Centro de Denuncias de Delitos por Internet del FBI",
  "footer.contact": "Contacto",
  "footer.replyTime": "Le respondemos en menos de 24 horas hábiles.",
  "footer.rights": "© {year} scam-free. Todos los derechos reservados.",
  "footer.privacy": "Privacidad",
  "footer.terms": "Términos",
  "footer.cookies": "Política de cookies",

  // "¿Es una estafa?" (/es/check)
  "check.metaDescription":
    "Pegue un mensaje de texto o un correo que le llegó: vea sus señales de alerta explicadas con palabras sencillas, y qué hacer después. No guardamos nada de lo que pega.",
  "check.title": "¿Es una estafa?",
  "check.intro":
    "¿Le llegó un mensaje de texto o un correo que le preocupa? Péguelo aquí. Le señalamos las señales de estafa que tiene, le explicamos cada una y le decimos qué hacer. Nunca le diremos que un mensaje es seguro: solo la empresa o la persona que dice enviarlo puede confirmar que es real.",
  "check.privacy":
    "Privado: la revisión se hace en esta página, en su navegador, y el mensaje no se envía a ningún lado. Si su navegador tiene JavaScript apagado, nuestro servidor lo revisa y lo olvida en el acto; no se guarda ni se registra nada.",
  "check.formLabel": "Revisar un mensaje",
  "check.textLabel": "El mensaje",
  "check.textHint": "Copie el mensaje o el correo completo y péguelo aquí, tal como le llegó.",
  "check.senderLabel": "Quién lo envió (opcional)",
  "check.senderHint": "El correo electrónico o el número de teléfono del que vino.",
  "check.subjectLabel": "Asunto (opcional, si es un correo)",
  "check.linksLabel": "A dónde llevan de verdad sus enlaces (opcional)",
  "check.linksHint":
    "Uno por línea. No los abra: en una computadora, ponga el puntero sobre el enlace y copie la dirección que aparece abajo en la ventana; en un teléfono, mantenga el dedo sobre el enlace y copie su dirección.",
  "check.submit": "Revisar este mensaje",
  "check.error.required": "Pegue el mensaje que quiere revisar.",
  "check.error.textTooLong":
    "Eso tiene más de {max, number} caracteres. Pegue la parte donde le piden algo y los enlaces.",
  "check.error.senderTooLong": "El remitente puede tener como máximo {max, number} caracteres.",
  "check.error.subjectTooLong": "El asunto puede tener como máximo {max, number} caracteres.",
  "check.error.tooManyLinks": "Agregue como máximo {max, number} enlaces.",
  "check.error.linkTooLong": "Un enlace puede tener como máximo {max, number} caracteres.",
  "check.error.linksNotAList": "Los enlaces deben ser una lista de direcciones web.",
  "check.refused.title": "Todavía no hay nada que revisar",
  "check.refused.message": "Revise el campo marcado, por favor.",
  "check.tooMany.title": "Espere un minuto, por favor",
  "check.tooMany.message": "Hubo demasiadas revisiones desde su conexión. Espere un minuto y vuelva a intentarlo.",

  // La respuesta
  "answer.noneFound":
    "No encontramos ninguna señal de alerta que conozcamos. Eso no quiere decir que sea seguro: comuníquese con la empresa o la persona por un número o un sitio web que usted ya conoce.",
  "answer.beCareful": "Tenga cuidado: hay algo aquí que vale la pena averiguar.",
  "answer.warning":
    "{count, plural, one {# señal de alerta} other {# señales de alerta}}. Trátelo como una estafa: no responda, no toque los enlaces, no pague.",
  "answer.beCarefulWhy":
    "Por sí solo no prueba que sea una estafa. Antes de responder, tocar un enlace o pagar, confírmelo con la empresa o la persona por un número o un sitio web que usted ya conoce.",
  "answer.asks": "Le pide que {asks}.",
  "answer.decidedBy": "Lo que decidió la respuesta: {count, plural, one {la señal} other {las señales}} {signs}.",
  "answer.decidingSign": "{number} ({title})",
  "ask.openLink": "abra un enlace",
  "ask.call": "llame a un número que le da",
  "ask.pay": "pague",
  "ask.giveCode": "dé un código o una contraseña",
  "ask.giveDetails": "dé sus datos personales",
  "ask.reply": "responda",
  "ask.scan": "escanee un código QR",
  "ask.openAttachment": "abra un archivo adjunto",
  "ask.keepSecret": "lo mantenga en secreto",
  "answer.markStart": "Señal de alerta {number}: ",
  "answer.markEnd": " (fin de la señal de alerta {number})",
  "answer.messageLabel": "El mensaje que pegó, con sus señales de alerta",
  "answer.from": "De: ",
  "answer.subject": "Asunto: ",
  "answer.linksGo": "A dónde llevan de verdad sus enlaces:",
  "answer.in.sender": "En el remitente: “{quote}”",
  "answer.in.subject": "En el asunto: “{quote}”",
  "answer.in.text": "En el mensaje: “{quote}”",
  "answer.in.links": "En un enlace: “{quote}”",
  "answer.decoded":
    "Descifrada, esta dirección se ve como “{address}”: letras de otro alfabeto, puestas para que parezca un nombre que usted conoce.",
  "answer.asComputersRead":
    "Las computadoras leen esta dirección como “{address}”: algunas de sus letras son de otro alfabeto y solo se parecen a las nuestras.",
  "answer.deciding": "Señal decisiva",
  "answer.sameAs": "La misma señal de alerta que la <link>número {number}</link>, en otro lugar.",
  "answer.messageWithSigns": "El mensaje, con sus señales de alerta",
  "answer.messageChecked": "El mensaje que revisó",
  "answer.worthChecking": "Lo que vale la pena averiguar",
  "answer.eachSign": "Qué quiere decir cada señal de alerta",
  "answer.stillNotSure": "¿Todavía tiene dudas?",
  "answer.stillNotSureText":
    "Los estafadores cambian sus palabras todo el tiempo, y un mensaje corto o bien escrito puede no tener ninguna de las señales que buscamos. No use los enlaces, los números ni las respuestas del mensaje. Busque el número de la empresa en su tarjeta, en una factura o en su propia app, o llame a la persona al número que siempre ha usado, y pregunte.",
  "links.learnMore": "Más información:",
  "links.learnMoreFallback": "Señales de alerta: cómo reconocer una estafa",
  "links.inCourse": "En el curso (para miembros):",
  "links.otherLanguage": "(en inglés)",
  "links.courseFallback": "El curso gratis",

  // Qué hacer después
  "advice.reportHeading": "Dónde reportarlo",
  "advice.reportIntro":
    "Reportarlo toma un minuto y ayuda a que el mismo mensaje no le llegue a la próxima familia. Después, bórrelo.",
  "advice.us": "En los Estados Unidos",
  "advice.usText":
    "Un mensaje de texto: reenvíelo al <b>7726</b> (las letras SPAM en el teclado), gratis en las principales compañías de celulares.",
  "advice.usFtc":
    "Cualquier estafa: repórtela a la Comisión Federal de Comercio (FTC) en <link>ReporteFraude.ftc.gov</link>, en español.",
  "advice.usFtcPhone": "¿Prefiere llamar? La FTC atiende en español en el <b>1-877-382-4357</b>.",
  "advice.usIc3": "Si perdió dinero por internet o recibió una amenaza: repórtelo al FBI en <link>ic3.gov</link>.",
  "advice.uk": "En el Reino Unido",
  "advice.ukText": "Un mensaje de texto: reenvíelo al <b>7726</b>, gratis en todas las compañías.",
  "advice.ukEmail": "Un correo: reenvíelo a <b>report@phishing.gov.uk</b> (el Centro Nacional de Ciberseguridad).",
  "advice.ukFraud":
    "Si perdió dinero o dio sus datos: repórtelo a <link>Report Fraud</link> y llame a su banco al 159.",
  "advice.reportCourse": "Más en el curso (para miembros, en inglés): <link>Reporting a Scam</link>.",
  "advice.alreadyHeading": "Si ya tocó el enlace, pagó o dio un código",
  "advice.alreadyIntro":
    "Le pasa a gente cuidadosa todos los días. Actúe ahora, con calma, y use números y sitios web que usted mismo busque, nunca los del mensaje.",
  "advice.paidHeading": "Pagó, o dio los datos de su tarjeta o su banco",
  "advice.paidText":
    "Llame a su banco o a la compañía de su tarjeta al número que está al reverso de la tarjeta. Pídales que detengan o reviertan el pago y que vigilen la cuenta. ¿Pagó con una tarjeta de regalo? Llame de inmediato a la compañía que vendió la tarjeta, con el número de la tarjeta y su recibo. ¿Mandó dinero por transferencia, por una app de pagos o con criptomonedas? Comuníquese enseguida con la compañía que usó y pídale que lo revierta.",
  "advice.passwordHeading": "Escribió una contraseña o dio un código",
  "advice.passwordText":
    "Vaya usted mismo al sitio web o a la app de verdad y cambie esa contraseña, y también en cualquier otro lugar donde usó la misma. Active el inicio de sesión en dos pasos. Un código que usted dio puede dejar entrar a alguien en la cuenta: avísele a la empresa por su propia app o su número para que la bloquee. Vea <passwords>Strong Passwords</passwords> y <twoStep>Two-Factor Authentication</twoStep> (en inglés).",
  "advice.ssnHeading": "Dio su número de Seguro Social u otros datos",
  "advice.ssnText":
    "En EE. UU., congele su crédito con cada una de las tres agencias de crédito (es gratis y puede levantarlo después) y siga los pasos de <link>RobodeIdentidad.gov</link>. Vea <course>Robo de identidad</course> en el curso.",
  "advice.openedHeading": "Abrió un enlace o un archivo",
  "advice.openedText":
    "No escriba nada en esa página. Ciérrela, actualice su dispositivo y pase su revisión de seguridad. Si instaló algo o dejó que alguien que le llamó entrara a su computadora, desconéctela de internet y pida ayuda a alguien de confianza. Después cambie sus contraseñas desde otro dispositivo.",
  "advice.alreadyCourse":
    "Paso a paso en el curso (para miembros, en inglés): <link>What to Do If You Are Scammed</link>.",
  // La página de inicio (/es)
  "home.metaDescription":
    "Un curso gratis y un Programa de entrenamiento práctico que enseñan a padres, hijos y abuelos a reconocer y evitar las estafas en internet.",
  "home.badge": "Protección contra estafas para toda la familia",
  "home.title": "Viva seguro en el mundo digital",
  "home.lead":
    "Aprendan juntos cómo funcionan las estafas en internet y cómo frenarlas. Un curso gratis para padres, hijos y abuelos, y un Programa de entrenamiento para practicar con correos y mensajes de estafa realistas y sin ningún riesgo.",
  "home.startCourse": "Empezar el curso GRATIS",
  "home.stayInformed": "Manténgase al día",
  "home.joinTraining": "Unirse al Programa de entrenamiento (en inglés)",
  "home.checkPrompt":
    "¿Le llegó un mensaje de texto o un correo que le preocupa? <link>¿Es una estafa? Revíselo aquí</link>: le explicamos sus señales de alerta, y no guardamos nada de lo que pega.",
  "home.featuresTitle": "Todo lo que su familia necesita para no caer en estafas",
  "home.feature.course.title": "Un curso completo y gratis",
  "home.feature.course.text":
    "46 páginas cortas en 11 lecciones: la historia de las estafas, cómo piensan los estafadores, las estafas más comunes, el tiempo frente a la pantalla, las contraseñas y qué hacer si le pasa a usted. Las primeras diez páginas y la lección de estafas comunes ya están en español.",
  "home.feature.training.title": "Un Programa de entrenamiento completo",
  "home.feature.training.badge": "PRÁCTICA",
  "home.feature.training.text":
    "Correos y mensajes de estafa de práctica, sin riesgo, para cada miembro de la familia, y después una página que muestra justo qué señales de alerta había y cuáles se le pasaron.",
  "home.feature.community.title": "Una comunidad que apoya",
  "home.feature.community.text":
    "Un foro amable donde las familias cuentan lo que han visto y cómo lo manejaron, y un equipo de ayuda que responde en menos de 24 horas hábiles.",
  "home.feature.updates.title": "Protección al día",
  "home.feature.updates.text":
    "Los estafadores cambian sus trucos todo el tiempo. Las lecciones semanales y los avisos de estafas nuevas mantienen al día lo que usted sabe.",
  "home.why.title": "Por qué practicar hace la diferencia",
  "home.why.text":
    "Leer sobre estafas es un gran comienzo. Pero cuando llega un mensaje convincente, lo que le hace detenerse es la práctica. Por eso acompañamos el curso gratis con práctica realista y sin riesgo.",
  "home.why.listLabel": "Éxito en protegerse",
  "home.why.courseOnly": "Solo el curso gratis",
  "home.why.withTraining": "Con el Programa de entrenamiento",
  "home.why.success": "{value}% de éxito en protegerse",
  "home.why.illustration":
    "Es una ilustración, no un resultado medido: todavía ningún estudio ha comparado a las familias que solo toman el curso gratis con las que además practican.",
  "home.why.didYouKnow": "¿Sabía que...?",
  "home.why.source": "Fuente {number}",
  "home.why.sources": "Fuentes",
  "home.stat.complaints": "denuncias de delitos por internet recibidas por el FBI en 2024",
  "home.stat.averageLoss": "perdidos en promedio por cada denuncia al FBI en 2024",
  "home.stat.phishing": "denuncias de phishing (correos y mensajes falsos) en 2024, más que de cualquier otro delito",
  "home.stat.age8Figure": "8 años",
  "home.stat.age8": "los estafadores buscan a niños desde los 8 años, y algunos pierden dinero",
  "home.stat.breaches": "de las filtraciones de datos empezaron con alguien engañado o con un error humano",
  "home.how.title": "Cómo funciona",
  "home.how.learn.title": "Aprenda lo básico",
  "home.how.learn.text":
    "Lean juntos el curso gratis, una página al día. Cada lección termina con una pequeña autoevaluación.",
  "home.how.join.title": "Únase al Programa de entrenamiento",
  "home.how.join.text":
    "Enviamos correos y mensajes de estafa de práctica, sin riesgo, a cada miembro de la familia que aceptó participar.",
  "home.how.protected.title": "Manténgase protegido",
  "home.how.protected.text":
    "Vea qué señales de alerta descubrió y cuáles se le pasaron, y mantenga la práctica con lecciones semanales.",
  "home.testimonials.title": "Cómo el Programa de entrenamiento ayuda a las familias",
  "home.testimonials.note":
    "Son ejemplos, no opiniones reales: familias inventadas que muestran cómo se usa el Programa de entrenamiento, y las estrellas son parte del ejemplo. Las cambiaremos por las palabras de miembros reales, con su permiso.",
  "home.testimonials.rating": "Calificación de ejemplo: 5 de 5 estrellas",
  "home.testimonials.who": "<b>{name}</b><muted>, {role} (ejemplo, no es un miembro real)</muted>",
  "home.testimonials.grace.quote":
    "A mi hijo le llegó un mensaje que prometía monedas gratis para un juego. Se parecía mucho a un mensaje de práctica que había descubierto la semana anterior, así que vino directo a mí en vez de tocar el enlace.",
  "home.testimonials.grace.name": "Grace Okafor",
  "home.testimonials.grace.role": "mamá de dos niños",
  "home.testimonials.joe.quote":
    "Casi caigo con una llamada de alguien que se hacía pasar por mi nieto. Ahora tenemos una palabra clave en la familia, y después de unos cuantos mensajes de práctica me siento mucho más seguro.",
  "home.testimonials.joe.name": "El abuelo Joe",
  "home.testimonials.joe.role": "abuelo",
  "home.testimonials.park.quote":
    "Los correos de práctica son muy realistas. La primera semana se nos pasaron dos señales de alerta; ahora todos las descubrimos y lo comentamos en la cena.",
  "home.testimonials.park.name": "La familia Park",
  "home.testimonials.park.role": "papás de dos niños",
  "home.pricing.title": "Elija su Programa de entrenamiento",
  "home.pricing.lead": "Empiece gratis. Agregue la práctica cuando esté listo. Cancele cuando quiera.",
  "home.newsletter.title": "Manténgase al día sobre las estafas nuevas",
  "home.newsletter.lead":
    "Reciba un correo breve cuando circule una estafa nueva, con las señales de alerta que debe buscar.",

  // Precios (/es/pricing)
  "pricing.metaTitle": "Precios",
  "pricing.metaDescription":
    "Aprenda gratis, o practique con el Programa de entrenamiento ({premium, number, ::currency/USD precision-integer} al mes) o el Entrenamiento familiar ({family, number, ::currency/USD precision-integer} al mes, para hasta {people} personas).",
  "pricing.lead":
    "El curso es gratis para todos. El Programa de entrenamiento agrega correos y mensajes de estafa de práctica sin riesgo, la explicación de cada señal de alerta, lecciones semanales y ayuda con prioridad.",
  "pricing.note":
    "Precios en dólares estadounidenses. Cancele cuando quiera desde su cuenta; conserva el acceso hasta el final del mes que pagó.",

  // Páginas que no se pueden mostrar
  "notFound.metaTitle": "Página no encontrada",
  "notFound.metaDescription": "Esta página no existe en scam-free.",
  "notFound.title": "¡Uy! No encontramos esta página",
  "notFound.text": "La página que buscaba no existe o cambió de dirección.",
  "notFound.home": "Volver al inicio",
  "error.title": "Algo salió mal",
  "error.ours": "Algo salió mal de nuestro lado. Vuelva a intentarlo en un momento, por favor.",
  "error.refused": "Esta solicitud fue rechazada",
  "error.couldNot": "No pudimos hacer eso",
  "error.goBack": "Regrese e inténtelo de nuevo, por favor.",

  // Señales de alerta (/es/red-flags)
  "redFlags.title": "Señales de alerta: cómo reconocer una estafa",
  "redFlags.metaDescription":
    "Las señales que delatan a los correos y mensajes de estafa, explicadas con palabras sencillas para toda la familia, y qué hacer en cada caso.",
  "redFlags.lead":
    "Los mensajes de estafa se delatan con los mismos pocos trucos. Cada página de abajo explica uno con palabras sencillas, y qué hacer en su lugar. Léanlas juntos: están escritas para niños y adultos por igual.",
  "redFlags.wholeStory": "¿Quiere saber más? El <link>curso gratis</link> (en inglés) explica cada una a fondo.",
  "redFlag.metaTitle": "{title} · Señales de alerta",
  "redFlag.notFoundDescription": "Esta página de señales de alerta no existe.",
  "redFlag.all": "Todas las señales de alerta",
  "redFlag.kicker": "Señal de alerta",
  "redFlag.deeper": "Aprenda más en el curso gratis",
  "redFlag.inCourse": "En el curso (para miembros, en inglés): <link>{title}</link>",
  "redFlag.courseFree":
    "El curso es gratis. Para leerlo necesita una cuenta de scam-free, así recuerda en qué página se quedó.",

  // Los planes
  "plan.mostPopular": "El más elegido",
  "plan.free": "Gratis",
  "plan.price": "{price, number, ::currency/USD precision-integer}",
  "plan.perMonth": "/mes",
  "plan.seeSamples": "(ver ejemplos)",
  "plan.learning.name": "Aprendizaje",
  "plan.learning.tagline": "Todo lo que necesita para empezar a reconocer estafas.",
  "plan.learning.course":
    "El curso completo de scam-free, de 46 páginas, con una versión para cada edad (16 páginas ya en español)",
  "plan.learning.lessons": "11 lecciones en 3 módulos",
  "plan.learning.selfChecks": "Autoevaluaciones al final de cada lección",
  "plan.learning.forum": "Acceso al foro de la comunidad",
  "plan.learning.button": "Empezar a aprender (en inglés)",
  "plan.premium.name": "Entrenamiento",
  "plan.premium.tagline": "Practique con estafas realistas, sin riesgo.",
  "plan.premium.samples": "Correos y mensajes de estafa de práctica",
  "plan.premium.feedback": "Explicación de cada señal de alerta que se le pasó",
  "plan.premium.weekly": "Lecciones semanales a fondo",
  "plan.premium.updates": "Avisos de estafas a medida que aparecen trucos nuevos",
  "plan.prioritySupport": "Ayuda con prioridad",
  "plan.premium.button": "Unirse al entrenamiento (en inglés)",
  "plan.family.name": "Entrenamiento familiar",
  "plan.family.tagline": "El Programa de entrenamiento para hasta {people} personas.",
  "plan.family.everything": "Todo lo de Entrenamiento, para hasta {people} personas",
  "plan.family.matched": "Mensajes de práctica a la medida de cada miembro de la familia",
  "plan.family.progress": "El avance de la familia de un vistazo",
  "plan.family.button": "Proteger a su familia (en inglés)",
  // Las páginas que siguen al enlace de un mensaje de práctica (issue #39).
  "feedback.metaTitle": "Qué hay que buscar",
  "feedback.metaDescription": "Las señales de alerta de un mensaje de práctica de scam-free.",
  "feedback.notice":
    "Este era un mensaje de práctica de scam-free. No pasó nada, y no se guarda nada de lo que escriba aquí.",
  "feedback.opening.clicked.heading": "Era una práctica y no pasó nada. Esto es lo que podía delatarla",
  "feedback.opening.clicked.introFriendly":
    "Presionaste el botón de la página de práctica. No pasa nada: practicando es como todos aprendemos, y no ocurrió nada malo. {count, plural, one {Esta es la pista que puedes buscar la próxima vez.} other {Estas son las # pistas que puedes buscar la próxima vez.}}",
  "feedback.opening.clicked.intro":
    "Usted presionó el botón de la página de práctica. No se guardó nada y no pasó nada: para eso es la práctica. Una estafa real le habría pedido sus datos a continuación. {count, plural, one {Esta es su señal de alerta.} other {Estas son sus # señales de alerta.}}",
  "feedback.opening.spotted.headingFriendly": "¡La descubriste! Esto es lo que la delató",
  "feedback.opening.spotted.heading": "Usted la descubrió. Esto es lo que la delató",
  "feedback.opening.spotted.introFriendly":
    "¡Muy bien, detective! Sabías que era una estafa. {count, plural, one {Aquí está su pista, para que la reconozcas siempre.} other {Aquí están sus # pistas, para que las reconozcas siempre.}}",
  "feedback.opening.spotted.intro":
    "Muy bien: usted la reconoció como estafa. {count, plural, one {Aquí está su señal de alerta, para que la conozca bien.} other {Aquí están sus # señales de alerta, para que las conozca todas.}}",
  "feedback.opening.reported.headingFriendly": "¡Bien visto: la reportaste! Esto es lo que la delató",
  "feedback.opening.reported.heading": "¡Bien visto! Usted la reportó. Esto es lo que la delató",
  "feedback.opening.reported.introFriendly":
    "Reportarla es justo lo que había que hacer, detective. {count, plural, one {Aquí está su pista, para que la reconozcas siempre.} other {Aquí están sus # pistas, para que las reconozcas siempre.}}",
  "feedback.opening.reported.intro":
    "Reportar un mensaje así es exactamente el hábito correcto. {count, plural, one {Aquí está su señal de alerta, para que la conozca bien.} other {Aquí están sus # señales de alerta, para que las conozca todas.}}",
  "feedback.opening.checkedFirst.heading": "Muy bien: eso es exactamente lo que hay que hacer",
  "feedback.opening.checkedFirst.introFriendly":
    "Comprobaste primero en vez de hacer lo que pedía el mensaje. Es lo mejor que se puede hacer. {count, plural, one {Esta es su pista.} other {Estas son sus # pistas.}}",
  "feedback.opening.checkedFirst.intro":
    "Usted comprobó primero en vez de hacer lo que pedía el mensaje: el paso que siempre vence a esta estafa. {count, plural, one {Esta es su señal de alerta.} other {Estas son sus # señales de alerta.}}",
  "feedback.opening.none.heading": "Esto es lo que hay que buscar",
  "feedback.opening.none.introFriendly":
    "{count, plural, one {Este mensaje tenía una pista de que era una estafa. Está numerada en el mensaje y explicada abajo.} other {Este mensaje tenía # pistas de que era una estafa. Están numeradas en el mensaje y explicadas abajo.}}",
  "feedback.opening.none.intro":
    "{count, plural, one {Este mensaje tenía una señal de alerta. Está numerada en el mensaje y explicada abajo.} other {Este mensaje tenía # señales de alerta. Cada una está numerada en el mensaje y explicada abajo.}}",
  "feedback.flagsHeading": "Las señales de alerta",
  "feedback.flagsHeadingFriendly": "Las pistas",
  "feedback.spotted.question": "¿La descubrió?",
  "feedback.spotted.questionFriendly": "¿La descubriste?",
  "feedback.spotted.explain":
    "Si reconoció que era una estafa antes de abrirla, díganoslo: su próximo mensaje de práctica será un poco más difícil.",
  "feedback.spotted.explainFriendly":
    "Si sabías que era una estafa antes de abrirla, presiona el botón. Tu próximo mensaje de práctica será un poco más difícil.",
  "feedback.spotted.button": "La descubrí",
  "feedback.spotted.noted": "Anotamos que la descubrió. Su próximo mensaje de práctica será un poco más difícil.",
  "feedback.spotted.notedFriendly":
    "Anotamos que la descubriste. Tu próximo mensaje de práctica será un poco más difícil.",
  "feedback.spotted.answerTitle": "¡Bien visto!",
  "feedback.spotted.answer": "Anotamos que la descubrió.",
  "feedback.refused.title": "No se cambió nada",
  "feedback.refused.message": "Use el botón de esta página.",
  "feedback.stop.prompt": "¿Ya no quiere más mensajes de práctica?",
  "feedback.stop.link": "Dejar los mensajes de práctica",
  "feedback.where.fromName": "el remitente",
  "feedback.where.fromAddress": "la dirección del remitente",
  "feedback.where.subject": "el asunto",
  "feedback.where.body": "el mensaje",
  "feedback.arrived.email": "El correo tal como llegó",
  "feedback.arrived.text": "El mensaje de texto tal como llegó",
  "feedback.flag.label": "Señal de alerta {number}, en {where}: ",
  "feedback.flag.where": "En {where}: ",
  "feedback.story.heading": "La historia hasta ahora: paso {step} de {steps}",
  "feedback.story.explain":
    "Esta estafa de práctica llegó en {steps} mensajes a lo largo de varios días, como suelen hacerlo las de verdad: cada paso gana confianza antes de que el siguiente pida más.",
  "feedback.story.before": " Aquí están los pasos anteriores; el mensaje del que trata esta página viene después.",
  "feedback.story.first": " Este fue su primer paso.",
  "feedback.story.step": "Paso {step} de {steps}",
  "feedback.story.stepFlags": "Señales de alerta del paso {step}",
  "feedback.nextTime": "Qué hacer la próxima vez",
  "feedback.checkFirst.heading": "Primero compruebe, siempre",
  "feedback.checkFirst.step1":
    "Haga una pausa. Una persona en apuros de verdad puede esperar cinco minutos; una estafa depende de que usted no espere.",
  "feedback.checkFirst.step2":
    "Compruebe por un medio que ya conoce: llame al número que usted tiene de esa persona o, si es el banco, al número que aparece al reverso de su tarjeta.",
  "feedback.checkFirst.step3":
    "Pida la palabra clave de su familia, o haga una pregunta que solo la persona real podría contestar.",
  "feedback.checkFirst.step1Friendly": "Para. No mandes nada todavía, aunque el mensaje suene triste o con prisa.",
  "feedback.checkFirst.step2Friendly":
    "Comprueba de otra forma: llama o escribe a esa persona al número que ya tienes, o pregúntale a un adulto.",
  "feedback.checkFirst.step3Friendly":
    "Pide la palabra clave de tu familia. La persona real la sabe; un estafador, no.",
  "feedback.checkFirst.course": "Más información en el curso gratis:",
  "feedback.learnMore.heading": "Más información sobre estas señales de alerta",
  "feedback.checker.heading": "¿Le preocupa un mensaje de verdad?",
  "feedback.checker.text":
    "Péguelo en <link>¿Es una estafa?</link> y vea sus señales de alerta explicadas, igual que aquí. No se guarda nada de lo que pegue.",
  "feedback.sources.heading": "Esta práctica imita una estafa real",
  "stop.metaTitle": "Dejar los mensajes de práctica",
  "stop.metaDescription": "Deje de recibir los correos y textos de práctica de scam-free.",
  "stop.confirm.heading": "¿Dejar los mensajes de práctica?",
  "stop.confirm.text":
    "No recibirá más correos ni textos de práctica de scam-free. Los que estén programados se cancelan de inmediato.",
  "stop.button": "Dejar los mensajes de práctica",
  "stop.stopped.heading": "Mensajes de práctica cancelados",
  "stop.stopped.text": "No recibirá más correos ni textos de práctica de scam-free.",
  "stop.already.heading": "Los mensajes de práctica ya están cancelados",
  "stop.already.text": "No se enviará nada más. No tiene que hacer nada más.",
  "stop.again": "¿Cambió de opinión más adelante?",
  "stop.againLink": "Volver a recibir mensajes de práctica (en inglés)",
  "stop.home": "Volver al inicio",
  "practiceMessage.email": "El correo de práctica tal como llegó",
  "practiceMessage.text": "El mensaje de texto de práctica tal como llegó",
  "practiceMessage.from": "De:",
  "practiceMessage.to": "Para:",
  "practiceMessage.subject": "Asunto:",
  "practiceMessage.flagStart": "Señal de alerta {number}: ",
  "practiceMessage.flagEnd": " (fin de la señal de alerta {number})",
  // El marco del curso gratuito (su edición en español: páginas 1–10 y 14–19 en cada versión)
  "course.moduleLesson": "Módulo {module} · Lección {lesson}: {title}",
  "course.pageOf": "Página {page} de {total}",
  "course.resources": "Recursos del curso",
  "course.activities": "Actividades (en inglés)",
  "course.quizzes": "Cuestionarios (en inglés)",
  "course.print": "Imprimir esta página",
  "course.comingSoon": "¡Pronto habrá contenido en la página {page}!",
  "course.readInstead": "En su lugar, la página {page}: {title}",
  "course.elsewhereNote":
    "Esta página es para otros lectores. Versión actual: {track}. Se cambia con el selector de arriba.",
  "course.metaTitle": "{title} · Lección {lesson}",
  "course.metaDescription": "Una página del curso gratuito de scam-free.",
  "course.notFound.title": "Página no encontrada",
  "course.notFound.text": "La página que busca no existe en esta lección.",
  "course.notFound.firstPage": "Ir a la página 1",
  "course.notFound.allCourses": "Todos los cursos",
  "course.contents": "Contenido del curso",
  "course.progress": "Progreso: {percent} %",
  "course.progressLabel": "Progreso en el curso",
  "course.module": "Módulo {number}: {title}",
  "course.lesson": "Lección {number}: {title}",
  "course.completed": "completada",
  "course.viewed": "vista",
  "course.pageRange": "{count, plural, one {Página {pages}} other {Páginas {pages}}}",
  "course.pageFallbackTitle": "Página {page}",
  "course.pager": "Páginas",
  "course.previous": "Anterior",
  "course.next": "Siguiente",
  "course.pageNumber": "Página {page}",
  "course.readingAs": "Versión para:",
  "course.trackTitle": "{label} ({ages})",
  "course.track.kids": "Niños",
  "course.track.teens": "Adolescentes",
  "course.track.adults": "Adultos",
  "course.track.olderAdults": "Mayores",
  "course.trackAges.kids": "8 a 12 años",
  "course.trackAges.teens": "13 a 17 años",
  "course.trackAges.adults": "18 a 64 años",
  "course.trackAges.olderAdults": "65 años o más",
  "course.lessonTitle.1": "Introducción",
  "course.lessonTitle.2": "Historia de las estafas",
  "course.lessonTitle.3": "La psicología de las estafas",
  "course.lessonTitle.4": "Estafas comunes",
  "course.lessonTitle.5": "Tiempo frente a la pantalla",
  "course.lessonTitle.6": "Las grandes estafas",
  "course.lessonTitle.7": "Cuidado con los desconocidos",
  "course.lessonTitle.8": "Controles parentales",
  "course.lessonTitle.9": "Manos a la obra",
  "course.lessonTitle.10": "Después de una estafa",
  "course.lessonTitle.11": "Alertas de noticias",
  "course.moduleTitle.1": "Entender las estafas",
  "course.moduleTitle.2": "Seguridad en internet",
  "course.moduleTitle.3": "Protegerse y recuperarse",
  "course.box.redFlags": "Señales de alerta",
  "course.box.tip": "Consejo",
  "course.box.example": "Un caso de la vida real",
  "course.box.fact": "Dato",
  "course.box.source": "Fuente: {source}",
  "course.box.activity": "Actividad",
  "course.box.greatJob": "¡Buen trabajo!",
  "course.selfCheck.title": "Autoevaluación",
  "course.selfCheck.intro":
    "Al marcar una respuesta se ve si es correcta. Las respuestas se quedan en este dispositivo.",
  "course.selfCheck.correct": "¡Correcto!",
  "course.selfCheck.notQuite": "No exactamente.",
  "course.selfCheck.answered": "{answered} de {total} respondidas.",
  "course.selfCheck.right": "Respuestas correctas: {right} de {total}.",
  "course.selfCheck.answers": "Respuestas: {answers}",
  // Las páginas legales (versión en español; la inglesa es la que vale)
  "legal.lastUpdated": "Última actualización: {date, date, long}",
  "legal.terms.title": "Términos del servicio",
  "legal.terms.description":
    "Las reglas para usar scam-free: la licencia para usar nuestros materiales, las suscripciones, los mensajes de práctica y la comunidad.",
  "legal.privacy.title": "Política de privacidad",
  "legal.privacy.description":
    "Qué datos reúne scam-free, para qué, con quién los compartimos, cuánto tiempo los guardamos y cuáles son sus derechos.",
  "legal.cookies.title": "Política de cookies",
  "legal.cookies.description": "Qué cookies usa scam-free, para qué sirven y cómo puede controlarlas.",
};
