import { describe, expect, it } from "vitest";
import { checkMessage, type CheckInput, type SignId } from "~/checker/check-message";

/**
 * The checker's answer (app/checker/verdict.ts): a warning only when the message asks something
 * of the reader beside pressure, pretence or a bad link, or shows one sign strong on its own;
 * "be careful" for one sign worth checking alone; and no answer for words alone. The messages
 * quoted in issue 34 are here as written there.
 */

type Case = string | CheckInput;
const check = (message: Case) => checkMessage(typeof message === "string" ? { text: message } : message);
const ids = (message: Case): SignId[] => [...new Set(check(message).signs.map((sign) => sign.id))];
const decidingIds = (message: Case): SignId[] => [
  ...new Set(
    check(message)
      .signs.filter((sign) => sign.deciding)
      .map((sign) => sign.id),
  ),
];

describe("the three answers", () => {
  it("warns about a request beside pressure, and names the deciding signs", () => {
    const result = check({
      sender: "+63 917 555 0142",
      text: "E-ZPass: you have an unpaid toll of $4.35. Pay within 12 hours to avoid a $50 fee: https://e-zpassny.com-etcaa.icu/pay",
    });
    expect(result.verdict).toBe("warning-signs");
    const deciding = result.signs.filter((sign) => sign.deciding).map((sign) => sign.id);
    expect(deciding).toContain("lookalike-domain");
    expect(result.signs.map((sign) => sign.id)).toEqual(
      expect.arrayContaining(["sender-mismatch", "throwaway-domain", "lookalike-domain", "urgency"]),
    );
    expect(result.asks).toContain("open-link");
  });

  it('answers "be careful" for one sign worth checking alone, showing only that sign', () => {
    const opener = check("Hi, is this Amy? It's Karen from the book club, we met at the library sale.");
    expect(opener.verdict).toBe("be-careful");
    expect(new Set(opener.signs.map((sign) => sign.id))).toEqual(new Set(["wrong-number"]));
    expect(opener.signs.every((sign) => sign.deciding)).toBe(true);
    expect(check("Saw this and thought of you https://bit.ly/3xYzAbc").verdict).toBe("be-careful");
  });

  it("gives no answer for words alone, and shows no signs then", () => {
    for (const text of [
      "URGENT: Linden Park Schools will be closed today because of snow. Stay safe!",
      "I won the raffle!! You won't believe what the prize is.",
      "You won't need your coat today, it's warm out.",
      "Your account is locked after three wrong PINs. Visit any branch with your ID.",
      "Questions about the field trip? Call the school office at (555) 555-0142.",
      "Don't forget: pizza night at 6. Call me when you're on your way.",
    ]) {
      expect(check(text), text).toEqual({ verdict: "none-found", signs: [], asks: [] });
    }
  });

  it("stays quiet on alarming ordinary messages: fraud alerts, failed payments, codes, parcels", () => {
    const ordinary: CheckInput[] = [
      {
        sender: "72615",
        text: "HarborBank: Did you try to spend $84.20 at Cartwheel Market? Reply YES or NO. If this wasn't you, call the number on the back of your card.",
      },
      {
        sender: "StreamNest <billing@streamnest.example>",
        subject: "Your payment failed",
        text: "We couldn't charge your card for this month's plan. Update your card at https://streamnest.example/account to keep watching.",
        links: ["https://streamnest.example/account"],
      },
      {
        sender: "48213",
        text: "Your HarborBank code is 482913. Don't share it with anyone. It expires in 10 minutes.",
      },
      {
        sender: "Northgate Parcel <track@northgateparcel.example>",
        text: "Your parcel is out for delivery today. Track it: https://northgateparcel.example/t/NG55012",
        links: ["https://northgateparcel.example/t/NG55012"],
      },
      {
        sender: "Cedarline Bank <alerts@cedarlinebank.example>",
        text: "New sign-in on your account from a Windows computer. If this was you, no action needed.",
      },
    ];
    for (const message of ordinary) expect(check(message).verdict, message.text).toBe("none-found");
  });
});

describe("signs that generalise, not lists", () => {
  it("reads links by their registrable domain: another domain's name in front is a look-alike, whatever the brand", () => {
    for (const link of [
      "https://e-zpassny.com-etcaa.icu/pay",
      "https://ezpass-ny.com-tollpay.top/us",
      "http://ezpassnj.com-tollbill.xin",
      "https://northgateparcel.com-redeliver.top/r/77",
      "https://cedarlinebank-com.secure-login.example/verify",
      "https://harborbank.secure-verify.example/login",
    ]) {
      expect(ids({ text: "Open the notice.", links: [link] }), link).toContain("lookalike-domain");
    }
    for (const link of [
      "https://secure.harborbank.example/login",
      "https://mail.lindenparkschools.example/notice",
      "https://www.cedarlinebank.example/help",
    ]) {
      expect(ids({ text: "Your toll is unpaid. Pay today: " + link, links: [link] }), link).not.toContain(
        "lookalike-domain",
      );
    }
  });

  it("finds a bare toll link on a throw-away ending written in the text", () => {
    const result = check(
      "Final notice: your toll of $6.99 is unpaid. Pay at ezpassnj.com-tollbill.xin to avoid penalties.",
    );
    expect(result.verdict).toBe("warning-signs");
    expect(result.signs.find((sign) => sign.id === "throwaway-domain")?.quote).toBe(".xin");
  });

  it("shows a punycode address decoded, and letters from another alphabet spelled out", () => {
    // Written in Cyrillic "а" where a Latin "a" belongs: what the reader sees, and what a computer reads.
    const disguised = "harborb\u0430nk.example";
    const punycode = new URL(`https://${disguised}/`).hostname;
    expect(punycode).toMatch(/^xn--/);
    const coded = check({ text: "Sign in here", links: [`https://${punycode}/login`] });
    expect(coded.verdict).toBe("warning-signs");
    expect(coded.signs.find((s) => s.id === "lookalike-domain")?.detail).toContain(`"${disguised}"`);
    const mixed = check(`Sign in at https://${disguised}/login now`);
    expect(mixed.signs.find((s) => s.id === "lookalike-domain")?.detail).toContain(`"${punycode}"`);
  });

  it('treats "Reply Y then reopen this message to activate the link" as strong on its own', () => {
    const result = check("Reply Y then reopen this message to activate the link");
    expect(result.verdict).toBe("warning-signs");
    expect(decidingIds("Reply Y then reopen this message to activate the link")).toEqual(["reply-to-activate"]);
    expect(result.asks).toContain("reply");
  });

  it('treats "if this wasn\'t you, call …" in a code or payee message as strong on its own', () => {
    for (const text of [
      "Your verification code is 482913. If this wasn't you, call 1-877-555-0109.",
      "You added a new payee, J. MORENO. Not you? Call us at 1-888-555-0163.",
      "Pocketsend: you sent $500.00 to R. ALVAREZ. Didnt authorize this? call 1 877 555 0114 NOW",
    ]) {
      expect(check(text).verdict, text).toBe("warning-signs");
      expect(decidingIds(text), text).toContain("callback-number");
    }
    // Under a card-charge alert the number is only a request: banks print numbers there too.
    expect(
      check("HarborBank: a $42.10 charge at Cartwheel Market. If you don't recognize it, call 1-800-555-0142.").verdict,
    ).toBe("none-found");
  });

  it('treats "didn\'t order this? call …" or "to cancel, call …" in an order or renewal as strong on its own', () => {
    for (const text of [
      'Northgate Parcel: Your order (15" laptop, $1,149.00) is out for delivery. Did not order this? Call 1-833-555-0194 to cancel.',
      "Your LumaGuard annual plan renewed today for $189.99. To cancel and get a refund, call 1-877-555-0181.",
      "Su suscripción se renovó por $299.99. Para cancelar y recibir su reembolso, llame al 1-888-555-0133.",
    ]) {
      expect(check(text).verdict, text).toBe("warning-signs");
      expect(decidingIds(text), text).toContain("callback-number");
    }
    // A service notice's number is not a refund trap.
    for (const text of [
      "Your appointment with Dr. Ruiz is on Tuesday at 3. To cancel, call 555-0100.",
      "Your order #FW-20931 has shipped. Questions? Visit fernway.example/help.",
    ]) {
      expect(check(text).verdict, text).toBe("none-found");
    }
  });

  it("asks to check a plea for a disaster or a sick child paid to a person's payment-app handle", () => {
    const plea =
      "We're collecting for the families who lost their homes in the river flood. Send what you can to my payment app handle @RiverFloodHelp.";
    expect(check(plea).verdict).not.toBe("none-found");
    expect(ids(plea)).toContain("unusual-payment");
    expect(check(plea + " We buy supplies tonight, please hurry!").verdict).toBe("warning-signs");
    // A school raffle paid on the app is how a PTA collects.
    expect(check("Raffle tickets are $5 each, pay on the payment app to @LincolnPTA. Thank you!").verdict).toBe(
      "none-found",
    );
  });

  it("asks to check plans made with someone by name: the opener of the wrong-number scam", () => {
    for (const text of [
      "Hello Mr. Chen, are we still on for golf on Thursday?",
      "Mr. Howard, your table for 4 at 7pm tonight is confirmed.",
      "Hola Sra. Martínez, ¿sigue en pie lo del almuerzo el sábado?",
      "Hola, ¿es usted el Sr. Martínez? Quedamos de jugar golf el sábado.",
      "Hello, are you Mr. Dev Park? My uncle gave me this number.",
      "is this Dr. Patel's office? I wanted to confirm my cleaning appointment",
    ]) {
      expect(check(text).verdict, text).toBe("be-careful");
      expect(ids(text), text).toEqual(["wrong-number"]);
    }
    // A friend's plans by first name are the most ordinary text there is; family, the team and
    // a day of the week are not a stranger's name.
    for (const text of [
      "Hi Grace, still on for Saturday? Sam is welcome from 2 to 5.",
      "Hola Lupe, ¿sigue en pie lo del sábado? Yo llevo el pastel.",
      "Hi Mom, are we still on for dinner Sunday?",
      "U10 Tigers: is Sat still on for practice? Coach will confirm.",
      "Hey team, are we still on for the car wash?",
    ]) {
      expect(check(text).verdict, text).toBe("none-found");
    }
  });

  it("reads a negation next to the request, not the first one in the sentence", () => {
    const tips =
      "The IRS won't text you about a refund and won't demand payment by gift card. We will never ask for your PIN.";
    expect(check(tips).verdict).toBe("none-found");
    expect(check("The bank can't reverse it, so please pay with gift cards today.").verdict).toBe("warning-signs");
  });

  it("counts a stranger's hello and a new number as one question, not two warning signs", () => {
    const text = "Hi Rose, it's Patricia from church. I got a new phone so this is my new number. See you Sunday!";
    expect(check(text).verdict).toBe("be-careful");
  });

  it("reads a greeting before a colon as a greeting, not as a sender's name", () => {
    const text = "Queridos hermanos:\nEste domingo tendremos la kermés. Habrá tamales y juegos para los niños.";
    expect(ids(text)).not.toContain("claims-authority");
  });

  it("does not read a prize inside another word", () => {
    expect(ids("You won't believe it: you won't need a coat today!")).toEqual([]);
  });

  it("flags a US toll agency texting from abroad, or an agency writing from free mail", () => {
    const abroad = check({
      sender: "+44 7700 900418",
      text: "E-ZPass: our records show an unpaid toll on your account. Settle it to avoid a fine: https://ezpass-ny.com-tollpay.top/us",
    });
    expect(abroad.signs.map((sign) => sign.id)).toContain("sender-mismatch");
    expect(abroad.verdict).toBe("warning-signs");
    const freeMail = check({
      sender: "NY DMV <nydmv.alerts@gmail.com>",
      text: "Department of Motor Vehicles: your registration is suspended. Pay the $35 reinstatement fee today.",
    });
    expect(freeMail.signs.map((sign) => sign.id)).toContain("sender-mismatch");
    expect(freeMail.verdict).toBe("warning-signs");
  });
});
