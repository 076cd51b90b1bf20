import { describesScammers, findPhrases, isDenied, phrases } from "../phrase-patterns";
import type { PreparedMessage } from "../prepared-message";
import type { Rule, RuleMatch } from "../rule";
import { SIGN_PAGES } from "../sign-pages";

/** Ways of paying that are hard to trace and impossible to undo, and fees to "release" money or parcels. */

const FEE_FOR = String.raw`(?:release|processing|clearance|customs|redelivery|re-delivery|activation|handling|insurance|unlock|unlocking|verification|administration|administrative|withdrawal|conversion|claim|certificate|legal|court|bail|leave|visa|permit|transport|document preparation|preparation|enrollment|enrolment)`;

const UNUSUAL_PAYMENT = phrases(
  // A bank transfer to a named person, cash at the door, money sent to "your own number".
  String.raw`(?:by|via|through|with) (?:a )?(?:bank|direct|wire|domestic|international) transfer|transfer (?:\w+ ){0,4}to (?:the|this|my|our) (?:account|bank account) (?:below|above|details below)`,
  String.raw`(?:collected|paid|payable|taken|picked up) in cash (?:by|to|from) (?:the|a|an|our) (?:\w+ )?(?:technician|courier|driver|agent|officer|inspector|worker|representative|crew)`,
  String.raw`(?:se haga|hagase|hacerse|haga) (?:usted mismo )?(?:un |una )?(?:envio|transferencia|deposito|pago)[^.!?\n]{0,60}?(?:a|hacia) (?:su|tu) (?:propio|propia) (?:numero|telefono|cuenta|celular)|(?:a|hacia) (?:su|tu) (?:propio|propia) (?:numero|telefono|celular)`,
  // A gift card as a present is fine; as payment, in numbers, or as codes to send, it is the sign.
  String.raw`(?:buy|purchase|pick up|get|grab|send|pay (?:with|in|by|using)|paid (?:with|in|by)|payment (?:by|with|in|via)|in|by|with|using|accept(?:s|ed)?|only|\d+|some|several|few|x) (?:me |us |him |her |a few |some |\d+ |x )?(?:\$?[\d,]{1,15} )?(?:\w+ )?gift ?cards`,
  String.raw`(?:pay|paid|payment|settle|cover)[^.!?\n]{0,40}?gift ?cards?`,
  // A shop that "accepts cash, checks and gift cards" lists its tills; "we only accept gift cards" is the sign.
  String.raw`(?:only|solely|exclusively) (?:\w+ ){0,2}accept\w*[^.!?\n]{0,40}?gift ?cards?|accept\w* (?:only|exclusively) [^.!?\n]{0,30}?gift ?cards?`,
  "gift ?cards? (?:codes?|numbers?|pins?)|gift vouchers?|(?:the|those|these) (?:card )?codes",
  "(?:itunes|apple|google play|steam|amazon|target|walmart|ebay|vanilla|razer gold|sephora|best buy|xbox|playstation|visa) gift cards?|(?:itunes|google play|steam|razer gold|vanilla) cards?",
  "cryptocurrenc(?:y|ies)|crypto|bitcoins?|btc|usdt|tether|ethereum|litecoin",
  "(?:bitcoin|crypto|btc) (?:atm|machine|kiosk|wallet|address)",
  String.raw`wire (?:me |us |them |him |her )?(?:transfer|the|it|that|this|an?|\$|\d|money|funds|payment|extra|difference|rest|balance)`,
  "by wire",
  "(?:did|has|have) the wire (?:go out|go through|get sent|been sent|been initiated)|(?:send|sent|initiate|initiated|release) the wire|wire (?:go|went) out",
  "money ?transfer|money order|western union|moneygram|remitly|world ?remit",
  "prepaid (?:card|voucher|debit card|visa|gift card|credit)s?",
  "(?:paysafe|neosurf|pcs|transcash) (?:card|voucher|code)s?",
  String.raw`(?:courier|driver|agent|someone|messenger) (?:will|to|can|is going to) (?:come (?:to (?:your|ur) (?:home|house|door) )?(?:to )?)?(?:collect|pick up|pickup|get) (?:the )?(?:cash|money|payment|card|cards)`,
  // "A court courier can collect it from your home": whatever "it" is, money is picked up at the door.
  String.raw`(?:courier|driver|agent|officer|messenger|runner|someone|mensajero|agente) (?:\w+ )?(?:will|can|is going to|may|would) (?:come (?:by )?(?:and |to )?)?(?:collect|pick up|pickup|get) (?:it|them|the (?:\w+ )?(?:bond|bail|fee|fine|envelope|package))? ?(?:from|at) (?:your|ur) (?:home|house|door|address|place)`,
  // Bail, a bond or a fine that "must be paid in cash": courts do not send for cash.
  String.raw`(?:bail|bond|fianza)[^.!?\n]{0,40}?(?:paid|pay|payable|pagad[ao]|pagar|pague) (?:in|en) (?:cash|efectivo)`,
  // "Send cash or a check (payable to Linden Park Schools)" is how schools collect lunch money.
  "(?:send|mail|post|put|withdraw|take out) (?:the )?cash(?! or (?:a )?check)",
  "cash (?:by|via|with a|in an?) (?:courier|envelope|box|mail|post)",
  String.raw`(?:${FEE_FOR}) (?:fee|fees|charge|charges|cost|payment)`,
  String.raw`(?:fee|charge|payment) (?:to|for|of) (?:release|receive|claim|unlock|clear|deliver|process|activate)`,
  String.raw`(?:pay|paying|cover|send) (?:a |the |just |only |an? )?(?:small |tiny |one-time |one time |refundable )?(?:\$[\d,.]{1,15} )?(?:\w+ )?(?:fee|charge|deposit)`,
  "small (?:fee|charge|payment|deposit)",
  // Payroll diversion: "I opened a new account and want my next paycheck to go there".
  String.raw`(?:paycheck|pay ?check|salary|wages?|direct deposit|pay|nomina|sueldo|deposito directo)[^.!?\n]{0,30}? (?:to go|go|sent|deposited|paid|to be deposited|vaya|llegue|se deposite) (?:there|to it|into it|into (?:my|the|a) (?:new|other|different)|to (?:my|the|a) (?:new|other|different)|a (?:mi|la|una) (?:nueva|otra))|(?:i|i'?ve|i have|i just) (?:recently |just )?(?:opened|got|have|set up|switched to) a new (?:bank |checking )?account[^\n]{0,80}?(?:paycheck|payroll|salary|direct deposit|pay)`,
  // A stranger's check: deposit it, then send money on.
  String.raw`(?:deposit|cash|deposite|cobre|cambie) (?:it|the check|this check|the cheque|el cheque|este cheque)[^.!?\n]{0,60}?(?:send|pay|buy|wire|transfer|forward|mande|envie|pague|compre|transfiera)|(?:depositelo|cobrelo|cambielo|depositalo|cobralo|cambialo)[^.!?\n]{0,60}?(?:mande|envie|pague|compre|transfiera|manda|envia|paga|compra|transfiere)|(?:check|cheque) (?:we|i|they) (?:mailed|sent|will send|will mail|overnighted)|(?:i|we)(?:'ll| will| am going to|'m going to| are going to) (?:mail|send|overnight|courier) (?:you )?(?:a |the )?(?:check|cheque)`,
  // A supplier or a landlord "changed banks": pay the new account instead.
  String.raw`(?:has |have |we'?ve |we have |our company has )?(?:changed|switched) banks|(?:cambiamos|cambiaron|hemos cambiado|cambio) de banco|(?:a|en) la (?:nueva cuenta|cuenta nueva)|nuevos datos bancarios|(?:use|pay (?:to|into)) the new account|(?:personal|private) (?:bank )?account[^.!?\n]{0,20}?(?:rent|payment|invoice)|(?:rent|payment|invoice)[^.!?\n]{0,60}?(?:personal|private) (?:bank )?account`,
  // Fees to a stranger for a windfall in Spanish: "cubrir los gastos notariales".
  String.raw`(?:gastos|costos|honorarios) (?:notariales|de transferencia|legales|de envio|administrativos|de tramite|de abogado|del tramite)|cubrir (?:los|unos) (?:gastos|costos)`,
  // "I can fix it for you today, it's a one-time $249 service".
  String.raw`(?:one-time|one time|flat) \$[\d,.]{1,15} (?:fee|service|charge|payment|repair)|(?:fix|repair|clean|secure|arreglo|reparo|limpio|arreglamos)(?: it| lo| la)?(?: for you)?(?: today| hoy)? (?:for|por) \$[\d,.]{1,15}`,
  String.raw`(?:small|tiny|minimal|nominal|just a|only a|low) (?:\w+ )?(?:shipping |handling |processing |delivery )?(?:fee|charge|deposit)s? (?:applies|apply|is required|required|of \$)|(?:pequena|pequeno|minima) (?:tarifa|cuota|cargo|comision) de (?:envio|manejo)`,
  // The overpayment: a check for more than the price, the difference handed to "the mover" in cash.
  String.raw`(?:check|cheque|payment|money order) (?:for|of) (?:more than|over|above|extra on top of) (?:the|your|my)? ?(?:price|asking|amount|cost)|(?:give|hand|pay|send) (?:him|her|them|my \w+|the \w+) the (?:difference|extra|rest)(?: in cash)?|cheque por (?:mas|encima) (?:del|de lo que)|(?:le|te) (?:da|das|de|des|entrega|entregue|entregues|pasa|pase) la diferencia`,
  String.raw`(?:cash|efectivo) (?:is|es) (?:easiest|best|preferred|better|lo mejor|mas facil)|(?:stop|come|swing) by[^.!?\n]{0,30}?(?:pick up|collect|get) (?:your|the) (?:donation|payment|money|contribution)`,
  // Bail or a "bond" to a caller: courts do not take bonds by text or by phone.
  String.raw`(?:pay|post|cover|send|wire)(?: for)? (?:a |the |an |his |her |my )?(?:\$[\d,.]{1,15} )?(?:\w+ )?(?:bond|bail|surety)(?! (?:fund|market|rate|yield))`,
  // "Buy me a $25 card for the game store and send me the code": a card bought to hand over its code.
  String.raw`(?:buy|get|grab|pick up|purchase|compra|comprame|compre|consigue)[^.!?\n]{0,50}?(?:cards?|tarjetas?|vouchers?)[^\n]{0,80}?(?:send|text|give|read|tell|snap|mandame|enviame|pasame|dame|mande|envie)[^.!?\n]{0,20}?(?:codes?|numbers?|pins?|codigos?|numeros?|claves?|fotos?|pics?|photos?)`,
  // The fake platform's withdrawal: "to withdraw your earnings, a 12% tax must be deposited first".
  String.raw`(?:to|before (?:you can )?|in order to|para) (?:withdraw|cash out|retirar|cobrar)[^.!?\n]{0,80}?(?:deposit|pay|fee|tax|settle|deposite|depositar|pague|pagar|impuesto|comision)`,
  // Someone else is charging the writer, so the reader should pay: "customs are asking me to pay a $900 fee".
  String.raw`(?:they|customs|the airport|the hospital|the embassy|the army|the base|the bank|the court|the police|immigration) (?:are |is )?(?:asking|want|wants|charging|demanding|requiring|require|requires) (?:me |us )?(?:to pay )?(?:a |an |the )?(?:\$[\d,.]{1,15} )?(?:\w+ )?(?:fee|tax|fine|deposit|charge)`,
  String.raw`(?:me|nos) (?:piden|pide|cobran|cobra|exigen|exige) (?:pagar |que pague |que paguemos )?(?:un |una |el |la )?(?:\$[\d,.]{1,15} (?:de )?)?(?:impuesto|tarifa|multa|cuota|fianza|deposito|permiso|comision|cargo)`,
  "codes? (?:on|from) the back",
  // Money sent to a phone number, a new account or back after an "overpayment".
  String.raw`(?:send|pay|transfer|sent)[^.!?\n]{0,50}?to (?:this|my|the same|this same|that) (?:same )?(?:number|phone|cell)`,
  String.raw`(?:send|wire|transfer|refund|return|give|pay) (?:back )?(?:me |us |him |her |them )?(?:the )?(?:extra|difference|remaining|rest|balance|excess|overpayment|leftover|overpaid)(?: amount| money| funds)?`,
  String.raw`(?:send|transfer|pay|give) (?:it|the money|them|that|the \$?[\d,.]{1,15}|\$[\d,.]{1,15}) back`,
  // The refund "typed wrong": you are asked to return money that was never sent.
  String.raw`(?:sent|deposited|transferred|refunded|paid|credited|mande|envie|deposite|transferi|depositamos|enviamos|transferimos|reembolsamos)[^.!?\n]{0,20}?\$[\d,.]{1,15}[^.!?\n]{0,40}?(?:instead of|en vez de|en lugar de) (?:your |the |a |su |tu |el |la )?\$?[\d,.]{1,15}`,
  String.raw`(?:regresar|regresarme|devolver|devolverme|regreseme|devuelvame|regresame|devuelveme) (?:los |el |la )?\$[\d,.]{1,15}`,
  // "Our main account is frozen, please use the new account I'll email": supplier payment redirection.
  String.raw`(?:use|send it to|pay into|pay to|send (?:the )?payment to) (?:the|our|my) new (?:bank )?account`,
  String.raw`(?:account|main account|bank account) is (?:frozen|locked|under (?:review|audit))[^.!?\n]{0,80}?(?:new|another|different|other) account`,
  "(?:typed|added|put) an extra zero|(?:my |his |her )?finger slipped",
  String.raw`read (?:me|us|them|out) (?:the )?(?:numbers|codes|card numbers|pins?|claims? codes)|(?:me )?(?:lee|lea) (?:los|las) (?:numeros|codigos)`,
  // Money in before money out, told the other way round: "to unlock your commission you need to top up first".
  String.raw`(?:to|before (?:you can )?|in order to|para|antes de) (?:unlock|release|withdraw|cash out|desbloquear|liberar|retirar) (?:your |the |su |tu |la |el |los |las )?(?:\w+ ){0,2}(?:commission|earnings|funds|money|balance|profits?|salary|payout|winnings|prize|comision|ganancias|fondos|dinero|saldo|premio)[^.!?\n]{0,80}?(?:top up|top-up|deposit|recharge|reload|recargar|recargue|depositar|deposite|pay (?:a|the|an) (?:\w+ )?(?:fee|tax|deposit)|pague (?:un|el|la|una) (?:\w+ )?(?:impuesto|tarifa|comision|cargo|deposito))`,
  // Crypto "platforms": money in before money out.
  String.raw`(?:pay|deposit|send|top up|add)[^.!?\n]{0,50}?(?:before|to|so) (?:you can |i can |we can )?(?:withdraw|release|unlock)`,
  String.raw`(?:minimum deposit|deposit(?:ing)? \$[\d,.]{1,15}|vip level|withdrawal (?:threshold|tax|fee))`,
  String.raw`(?:para (?:poder )?(?:retirar|desbloquear)|antes de retirar)[^.!?\n]{0,50}?(?:recargar|depositar|pagar|deposite|pague)|recargar (?:su|tu) cuenta con`,
  // Payroll and supplier fraud: the "new account" for a salary or an invoice.
  "(?:update|change|switch) (?:my |the |your )?direct deposit|direct deposit (?:change|update|form)",
  "(?:wiring|wire|payment|bank(?:ing)?|account|remittance) (?:instructions|details|information) (?:have|has) (?:changed|been (?:updated|changed))",
  // Cash for a court or bail in Spanish: "el tribunal solo acepta efectivo", "un mensajero pasara a recoger el dinero".

  String.raw`(?:mensajero|chofer|agente|alguien|una persona) (?:pasara|ira|va a pasar|vendra|pasa)[^.!?\n]{0,50}?(?:recoger|buscar) (?:el )?(?:dinero|efectivo|pago|sobre)`,
  "(?:te|le) paso los datos (?:de la cuenta|bancarios)|(?:me lo|me la|me los) (?:transfieres|transfiere|depositas|deposita|mandas|envias)",
  String.raw`(?:cashier'?s|certified|business|company) (?:check|cheque) (?:for|of) `,
  String.raw`(?:sent|paid|transferred) (?:you )?\$?[\d,.]{1,15}[^.!?\n]{0,40}?(?:by mistake|by accident|accidentally)`,
  String.raw`(?:pay|send|transfer|move|deposit)[^.!?\n]{0,40}?(?:to|into) (?:this|my new|the new|a new|my friend'?s|his|her|the following|a (?:safe|secure|protected|holding)|our (?:safe|secure|protected)) (?:\w+ )?(?:account|wallet)`,
  String.raw`(?:i'?ll|i will|we'?ll|we will) (?:send|text|give) (?:you )?the (?:bank |account |payment |wallet )?(?:details|info|account number)`,
  "(?:safe|protected|holding|safety) (?:account|wallet)|secure (?:holding|vault) account|cuenta (?:segura|protegida|de resguardo|de seguridad)",
  // "Move the same amount to yourself": the "reversal" that sends your money to the scammer.
  String.raw`(?:move|send|transfer|pay)[^.!?\n]{0,40}?to yourself|(?:using|with) your own (?:phone )?number as the (?:recipient|payee)`,
  // Payment redirection: "we have moved to a new bank, please use the updated account details".
  "(?:moved|switched|changed) (?:to|over to) a new bank|(?:new|updated|changed|different) (?:bank|account|banking|payment|remittance|wire) (?:details|info|information|instructions)",
  "top-?up (?:of )?\\$|recarga(?:r)? (?:tu|su) cuenta",
  String.raw`(?:recharge|top up|reload|recargar|recargando|recargue|recarga|recargues) (?:your account |tu cuenta |su cuenta )?(?:with |con |de )?\$[\d,.]{1,15}|(?:recharge|reload|recargar|recargando|recargue) \$?[\d,.]{1,15} (?:to|into|a|en) (?:your|tu|su) (?:\w+ )?(?:account|cuenta)`,
  // The account "we will give you": money to wherever the caller says.
  String.raw`(?:to|into|a|en) (?:the|an|la|una) (?:\w+ )?(?:account|cuenta|wallet|address) (?:that |which |que )?(?:we|i|our agent|the officer|le|te) (?:will |'ll )?(?:give|send|provide|text|email|indicate|indicaremos|indicare|daremos|dare|enviaremos|enviare|pasaremos|pasare|proporcionaremos|indique|de)`,
  String.raw`(?:pase|pases|pasar|mueva|muevas|mover|transfiera|transfieras|transferir|deposite|depositar)(?:los|las|lo|la)? (?:sus ahorros |su dinero |tu dinero |sus fondos |todo )?(?:a|en) una cuenta (?:temporal|provisional|alterna|nueva|segura|protegida)|(?:temporary|temp|new|interim) (?:holding |safe |secure )?account (?:while|until|for your protection)`,
  String.raw`(?:send|move|transfer)[^.!?\n]{0,40}?to (?:your|ur) own (?:number|phone|account|cell)|(?:your|ur) own (?:number|phone) as the (?:receiver|recipient|payee)`,
  // A stranger's money "stuck" until you upgrade or pay: the fake payment-app upgrade.
  "upgrade (?:to |your account to )?(?:a )?(?:business|premium|verified|merchant) account (?:to|so you can|before you can) (?:receive|accept|get|release)",
  "(?:upgrade|upgraded|upgrading) to a (?:business|premium|merchant|verified) account|merchant verification",
  String.raw`(?:not )?upgraded? to (?:receive|accept) (?:business |merchant )?(?:funds|payments|money)|upgrade (?:now |today )?for \$[\d,.]{1,15}`,
  // Cash at the door: a "volunteer" or "courier" collecting a donation, bail or payment.
  String.raw`(?:collect|pick up|pickup) (?:your |the |a )?(?:donation|payment|money|gift|contribution)s? in cash`,
  String.raw`(?:volunteer|courier|driver|agent|officer|messenger) will (?:come|stop by|drop by|be there)[^.!?\n]{0,40}?(?:collect|pick up)`,
  // A rental seen only in photos: the deposit first, the keys by mail.
  String.raw`(?:mail|send|ship|post) (?:you )?the keys`,
  "(?:photos?|pictures?|pics|picture|scan) of the (?:back|backs|codes?|cards?)",
  "scratch (?:off )?the (?:back|silver|panel|strip)",
  // Spanish
  // A down payment or bail in cash for a stranger; a buyer paying cash at pick-up is ordinary.
  String.raw`(?:\$[\d,.]{1,15} (?:de )?)?(?:enganche|deposito|fianza|anticipo)[^.!?\n]{0,30}?en efectivo`,
  "cuenta (?:comercial|business|de negocios)|(?:tiene|tienes) que ser business",
  String.raw`cheque (?:certificado|de caja|de gerencia) (?:por|de) \$?[\d,.]{1,15}|el resto (?:se lo|te lo) (?:da|das|entrega|entregas|manda|mandas|deposita|depositas)`,
  "(?:le|te) (?:envio|mando|enviare|mandare) las llaves",
  String.raw`(?:pague|pagar|pagues|pagarme|me pague) \$[\d,.]{1,15} (?:del|de|por el|para el) (?:envio|tramite|procesamiento|seguro|liberacion)`,
  "envio de dinero|a nombre del? (?:oficial|agente|licenciad[ao])|(?:por )?app de pagos a (?:mi|su|nuestro|nuestra) (?:nombre|asesor[a]?|agente)",
  // A gift card as a present is fine ("te mande una tarjeta de regalo"); as payment or as codes to send, it is the sign.
  // "Te compré una tarjeta de regalo" (I bought you one) is a present; "compre tarjetas de regalo" (buy them) is the sign.
  String.raw`(?<!(?:te|le|les|yo|ya|se la|se las) )(?:compre|comprar|compra|compras|consiga|conseguir|consigue|pague|pagar|paga|pagues|pago|con|en|mediante) (?:\w+ ){0,3}tarjetas? de regalo`,
  // "Solo aceptamos tarjetas de regalo": only one way to pay, and it is the untraceable one.
  String.raw`(?:solo|solamente|unicamente|only) (?:aceptamos|acepta|aceptan|se aceptan|recibimos|we accept|accept|accepts|take|takes) (?:\w+ ){0,3}(?:tarjetas? de regalo|gift ?cards?|bitcoin|cripto|crypto)`,
  String.raw`tarjetas? de regalo[^.!?\n]{0,60}?(?:codigos?|numeros?|pin|fotos?|raspe|rasque|foto de atras)`,
  "criptomonedas?|cripto",
  "cajero (?:de |automatico de )?(?:bitcoin|cripto)",
  "(?:por|mediante|con|via|hacer una|haga una|realice una|realizar una|envie una|enviar una) transferencia(?: bancaria| electronica)?",
  "giros?(?: postal| telegrafico)?",
  "tarjetas? prepagadas?|tarjeta de prepago",
  String.raw`(?:tarifa|cuota|comision|cargo|pago|tasa) (?:de|por) (?:liberacion|procesamiento|envio|aduanas?|entrega|reenvio|activacion|desbloqueo|gestion|tramite|seguro|verificacion|retiro)`,
  String.raw`(?:pague|pagar|abone|abonar|cubra|cubrir) (?:una|la|un|el)? ?(?:pequena |pequeno )?(?:tarifa|cuota|comision|cargo|tasa)`,
);

/**
 * "Cash only": how a taco stand and a yard sale work, and how a fake court or a fake landlord
 * asks, so it counts only where cash has no business being the only way: bail, a court, a fine, a
 * tax, a fee, a deposit or rent (CASH_FOR).
 */
const CASH_ONLY = phrases(
  "(?:prefer|only take|only accept|solo acepto|prefiero) (?:cash|efectivo)",
  "(?:solo |solamente )?acepta(?:mos|n)? (?:solo |solamente )?efectivo",
  "(?:cash|efectivo) only|solo (?:en )?efectivo",
);
const CASH_FOR =
  /bail|bond|fianza|court|tribunal|juez|judge|fine|multa|tax|impuesto|fee|tarifa|deposit|deposito|rent|renta|alquiler|officer|oficial|agente|police|policia|warrant|orden|immigration|inmigracion|customs|aduana/;

/**
 * Money for someone the reader never meets, asked by the writer: "send $850 to my landlord", "can
 * you pay a bill for me". Families ask this too, so it is worth checking, not decisive: beside a
 * new number or a stranger's story it makes the warning (verdict.ts).
 */
const PAY_FOR_ME = phrases(
  // Money to the writer's own account: "solo me depositas a mi cuenta personal". Worth checking.
  String.raw`(?:deposit|deposits|transfer|send|pay|depositas|depositar|deposita|deposite|transfieres|transfiere|transfiera|mandas|manda)(?: it| me| the money| el dinero| lo)?[^.!?\n]{0,20}? (?:to|into|a|en) (?:my|mi) (?:personal|own|private|propia|personal) ?(?:account|bank account|cuenta(?: personal| propia| bancaria)?)|(?:a|en) mi cuenta (?:personal|propia|privada)`,
  String.raw`(?:send|pay|transfer|wire|zelle|deposit)(?: [^.!?\n]{0,50}?)? (?:to|for|into) (?:my|his|her|our|the) (?:landlord|friend'?s?|mate'?s?|buddy'?s?|mechanic|lawyer|attorney|cousin'?s?|roommate'?s?|supplier|vendor|doctor|dentist|boss|colleague|coworker|tow truck|repair shop|contractor|agent)`,
  String.raw`(?:pay|cover|settle|sort) (?:a |an |this |that |my |the )?(?:\w+ )?(?:bill|invoice|payment|rent|fee)s? (?:for me|on my behalf)`,
  String.raw`(?:pagar|pagarme|pagues|paga|mandar|enviar|manda|envia) (?:una|la|mi|esta) (?:cuenta|factura|renta|deuda)(?: por mi)?|(?:a|al) (?:mi|su) (?:casero|arrendador|dueno|amigo|abogado|mecanico)`,
);

/**
 * A plain request for money to the writer or to wherever they say: "send $800", "I need $600 for
 * the repair", "deposite $250", "pay the damages". Families and shops ask for money too, so it is
 * context: shown only beside a warning, and counted as the request a threat or a deadline needs
 * (verdict.ts). Paying through an organisation's own app, site or office is not this.
 */
const MONEY_REQUEST = phrases(
  String.raw`\$?[\d,.]{2,15} (?:dollars|bucks|dolares) (?:on|by|via|through|por|en) (?:the|la|el|this|my|mi) (?:app|aplicacion)`,
  String.raw`(?:send|wire|transfer|deposit|pay|give|lend|loan|need|needs|owe|put in|invest|mete|invierte|mandar|mandame|mandes|mande|enviar|envies|envie|enviame|depositar|deposite|depositame|depositas|transferir|transfiera|pagar|pague|pagues|prestar|prestame|prestas|presta|necesito|necesita|necesitamos)(?: me| us| him| her| them| to me|me|nos)? (?:the |a |an |el |la |los |una |un |another |only |just |solo |unos |about )?(?:\$\s?[\d,.]{1,15}|[\d,.]{2,15} (?:dollars|bucks|dolares)|(?:money|dinero|plata|damages|danos|the rest|el resto)(?![\p{L}]))`,
  String.raw`(?:is|are|be) (?:being )?held until (?:the )?(?:\w+ )?(?:is|are) paid|until (?:the )?(?:damages|bail|bond|fee|fine|balance) (?:is|are) paid|(?:te|le) (?:explico|explicare|dire|digo) (?:como|donde) (?:pagar|depositar|mandar)|(?:i'?ll|i will|we'?ll|we will) (?:explain|tell you) how to pay`,
);

/** The organisation's own ways to pay, where a request for money is an ordinary bill. */
const OWN_CHANNEL =
  /(?:in|through|on|via|using) (?:the |our |your )?[\w-]* ?(?:app|website|site|portal|account page|online banking)|\.example|\.gov|autopay|auto-?pay|by check|cheque|at (?:the|our) (?:office|store|counter|front desk)|en (?:la|nuestra|su) (?:app|aplicacion|pagina|portal|oficina|tienda)/;

/**
 * A buyer who says the payment service will email you: the email is the fake, and its "confirm"
 * step is where the money or the card goes. Worth checking.
 */
const EXPECT_THEIR_EMAIL = phrases(
  String.raw`(?:you(?:'ll| will| should| shall)?|u(?:'ll| will| should)?) (?:get|receive|see) (?:an? )?(?:email|e-mail|message|notification|text) from (?:them|[a-z]+|the (?:payment )?app|the bank)[^.!?\n]{0,40}?(?:asking|to confirm|confirming|saying|with (?:the )?steps)`,
  String.raw`(?:le|te) (?:llegara|va a llegar) un (?:correo|mensaje|email) de (?:[a-z]+|la app|el banco)[^.!?\n]{0,40}?(?:confirm|pidiendo|con los pasos)`,
);

/**
 * The first deposit into someone's "platform": "the minimum is only $1,000", "empieza con $300".
 * Worth checking: the money goes to whoever runs the site.
 */
const START_WITH = phrases(
  String.raw`(?:start|begin|open (?:an|your) account|get started|invest|empezar|comenzar|empieza|empiece|comienza|invierte|invertir) (?:with|con|from|desde) (?:just |only |as little as |solo |apenas |unos )?\$[\d,.]{1,15}`,
  String.raw`(?:the )?minimum (?:deposit |investment |to start |to join )?(?:is|of) (?:only |just )?\$[\d,.]{1,15}|(?:deposito|inversion) minim[ao] (?:es )?de \$[\d,.]{1,15}`,
);

/**
 * A payment app: how friends split a pizza, and also how scammers take money that cannot be
 * clawed back. Alone it is context (a family text); beside a stranger's story it is the ask.
 */
const PAYMENT_APP = phrases(
  "(?:por|en|con|a traves de|mediante|desde) (?:la |su |tu )?(?:aplicacion|app) de pagos?",
  "(?:through|on|with|via|using|by|to) (?:your |a |the |my )?(?:payment app|zelle|venmo|cash ?app)",
  "friends (?:and|&) family",
);

/**
 * A handle on a payment app ("@CanyonFireHelp2026", "my payment app handle"): money to a person,
 * not to a charity's own site.
 */
const PAYMENT_HANDLE = phrases(
  // A cashtag: "$25 to $RidgeReliefNow" (a price is digits; a handle starts with a letter).
  String.raw`(?:on|to|via|a|al) (?:our|my|the|nuestro|mi)? ?(?:payment )?(?:handle|cashtag|tag|usuario)? ?\$[a-z][a-z0-9_-]{3,}`,
  String.raw`(?:payment app|app de pagos?|cash ?app|venmo|zelle)(?: handle| username| tag| usuario)?:? @[\w-]{3,}`,
  String.raw`(?:handle|username|tag|usuario):? @[\w-]{3,}`,
  String.raw`@[\w-]{3,} (?:on|in|en) (?:the |my |la |mi )?(?:payment app|app de pagos?|cash ?app|venmo|zelle)`,
);

/**
 * A plea for a disaster or a sick child, paid to a person's payment app: the FTC's advice is to
 * give through a charity you looked up, never to a stranger's handle. Worth checking even alone.
 */
const HARDSHIP_CAUSE =
  /\b(?:fire|wildfire|flood|hurricane|tornado|earthquake|storm|victims|lost (?:their|his|her|everything)|surgery|cancer|chemo|medical bills|funeral|orphan|relief|incendio|inundacion|huracan|terremoto|damnificad|victimas|cirugia|operacion|funeral)/;

/**
 * "Send it as friends & family so there are no fees": a seller steering the buyer away from the
 * purchase protection a payment app gives goods and services. Worth checking even alone.
 */
const NO_PROTECTION = phrases(
  // Steering the booking off the site that protects it: "please do not book through the site".
  String.raw`(?:do not|don'?t|no) (?:book|pay|reserve|buy|order|reservar|pague|pagar) (?:through|on|via|in|por|en) (?:the|our|that|el|la|nuestra|nuestro) (?:site|website|app|platform|pagina|sitio|plataforma|aplicacion)|(?:outside|off) (?:of )?(?:the|their) (?:site|app|platform)`,
  "(?:send|pay|paid|sent)(?: it| me| them)? (?:as|via|through|using|under) (?:a )?friends (?:and|&) family",
  // However the app is named first: "pay through the payment app as friends and family", "como amigos y familia".
  String.raw`(?:send|pay|paid|sent|envie|envia|pague|paga|mande|manda)[^.!?\n]{0,40}? (?:as|como) (?:a )?(?:friends (?:and|&) family|amigos y familia(?:res)?)`,
  "(?:not|don'?t (?:mark it as|use)|no) goods (?:and|&) services",
  "(?:payment app|gift cards?|zelle|crypto) only",
);

/** "send $600 on Pocketsend": a payment app named after "on/via/through", written with a capital. */
const NAMED_APP =
  /\b(?:send|pay|transfer|envie|envia|mande|manda|pague|paga|transfiera|deposite)\b[^.!?\n]{0,50}?\b(?:on|via|through|using|by|por|mediante) ([a-z][a-z0-9]{2,})/g;
const NOT_APPS = new Set(
  "monday tuesday wednesday thursday friday saturday sunday mon tue wed thu fri sat sun january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec the this that your my our his her their it time mail email text phone card".split(
    " ",
  ),
);
const MONEY_WORDS =
  /\$|£|€|money|amount|payment|fee|deposit|dollars|pounds|cash|it back|the rest|the extra|the difference/;

function namedAppPayments(message: PreparedMessage): RuleMatch[] {
  const found: RuleMatch[] = [];
  for (const part of message.wording) {
    for (const match of part.folded.matchAll(NAMED_APP)) {
      const name = match[1];
      const nameStart = match.index + match[0].length - name.length;
      const written = part.original.slice(nameStart, nameStart + name.length);
      const around = part.folded.slice(Math.max(0, match.index - 120), match.index + match[0].length);
      if (NOT_APPS.has(name) || written[0] === written[0].toLowerCase() || !MONEY_WORDS.test(around)) continue;
      found.push({ field: part.field, start: match.index, end: match.index + match[0].length });
    }
  }
  return found;
}

export const unusualPayment: Rule = {
  id: "unusual-payment",
  title: "Pay by gift card, crypto or wire",
  why: "It asks for money in a way that is very hard to get back, like gift cards, cryptocurrency, a wire transfer or a fee to release something. Honest businesses and government offices don't ask to be paid like this.",
  page: SIGN_PAGES.giftCardsAndCrypto,
  weight: "decisive",
  asks: "pay",
  find: (message) => {
    const ways = [
      // "No real business asks to be paid in gift cards" is advice, not a request.
      ...findPhrases(message.wording, UNUSUAL_PAYMENT, {
        unless: (part, start, end) =>
          isDenied(part, start) ||
          describesScammers(part, start) ||
          (offersItsOwnWayToPay(message) && isPlainFeeOrCash(part.folded.slice(start, end))),
      }),
      ...(message.wording.some((part) => CASH_FOR.test(part.folded))
        ? findPhrases(message.wording, CASH_ONLY, { unless: (part, start) => isDenied(part, start) })
        : []),
      ...findPhrases(message.wording, NO_PROTECTION).map((match) => ({ ...match, weight: "suspicious" as const })),
      ...findPhrases(message.wording, EXPECT_THEIR_EMAIL).map((match) => ({ ...match, weight: "suspicious" as const })),
      ...findPhrases(message.wording, START_WITH, { unless: (part, start) => isDenied(part, start) }).map((match) => ({
        ...match,
        weight: "suspicious" as const,
      })),
      ...findPhrases(message.wording, PAY_FOR_ME, { unless: (part, start) => isDenied(part, start) }).map((match) => ({
        ...match,
        weight: "suspicious" as const,
      })),
      ...[
        ...findPhrases(message.wording, PAYMENT_APP),
        ...findPhrases(message.wording, PAYMENT_HANDLE),
        ...namedAppPayments(message).filter(
          (match) =>
            !isDenied(
              message.wording.find((p) => p.field === match.field)!,
              match.start,
            ),
        ),
      ].map((match) => ({ ...match, weight: forAHardship(message) ? ("suspicious" as const) : ("context" as const) })),
    ];
    // A plain "send $800" or "I need $300" is only context, and this sign's words are about how the
    // money is paid. Where the message names a way to pay (gift cards, a wire, an app), that is the
    // sign to show and explain; the plain request is shown only when it is all there is.
    if (ways.some((match) => (match as { weight?: string }).weight !== "context")) return ways;
    return [
      ...findPhrases(message.wording, MONEY_REQUEST, {
        unless: (part, start, end) =>
          isDenied(part, start) || OWN_CHANNEL.test(sentenceAround(part.folded, start, end)),
      }).map((match) => ({ ...match, weight: "context" as const })),
      ...ways,
    ];
  },
};

/**
 * "Pay the fee in the parent portal or send cash in an envelope", "se paga en efectivo conmigo o en
 * la página de la liga": a fee or cash beside the organisation's own way to pay is how schools,
 * teams and churches collect money. Gift cards, crypto and wires stay the sign wherever they are.
 */
const OWN_WAY_TO_PAY =
  /(?:parent|school|member|family|student) portal|in the portal|at (?:the|our) (?:office|front desk|school|church|parish)|at (?:practice|rehearsal|pickup|pick-up)|by check|autopay|auto-?pay|(?:en|a) (?:la|el) (?:oficina|escuela|parroquia|iglesia|entrenamiento|practica|ensayo)|conmigo en/;
// A fee to release, process or activate something is the sign wherever it is paid.
const PLAIN_FEE_OR_CASH = /fee|cash|charge|cuota|efectivo|cargo/;
const STRONG_WAY =
  /gift|crypto|bitcoin|wire|transfer|tarjeta|cripto|giro|prepa|courier|mensajero|deposit|process|activat|release|unlock|clear|custom|shipping|handling|deliver|upgrade|verif|withdraw|small|liberaci|activaci|procesa|envio|aduana|retiro|pequen/;

function offersItsOwnWayToPay(message: PreparedMessage): boolean {
  return message.wording.some((part) => part.field === "text" && OWN_WAY_TO_PAY.test(part.folded));
}

function isPlainFeeOrCash(words: string): boolean {
  return PLAIN_FEE_OR_CASH.test(words) && !STRONG_WAY.test(words);
}

/** The sentence a match is in. */
function sentenceAround(text: string, start: number, end: number): string {
  const before = text.slice(0, start);
  const from =
    Math.max(before.lastIndexOf("."), before.lastIndexOf("!"), before.lastIndexOf("?"), before.lastIndexOf("\n")) + 1;
  const after = text.slice(end).search(/[.!?\n]/);
  return text.slice(from, after === -1 ? text.length : end + after);
}

function forAHardship(message: PreparedMessage): boolean {
  return message.wording.some((part) => HARDSHIP_CAUSE.test(part.folded));
}
