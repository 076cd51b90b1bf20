/**
 * The English catalogue: every UI string that has a Spanish edition, in ICU MessageFormat
 * (translate.ts). Keys are `area.name`; each key is used in the code as a string literal and has a
 * Spanish twin in es.ts (tests/unit/message-catalogues.test.ts checks both).
 */
export const en = {
  // The page frame
  "layout.skipToContent": "Skip to content",
  "nav.main": "Main",
  "nav.home": "Home",
  "nav.training": "Training",
  "nav.freeCourse": "Free Course",
  "nav.weeklyLessons": "Weekly Lessons",
  "nav.community": "Community Forum",
  "nav.support": "Support",
  "nav.check": "Is this a scam?",
  "nav.myAccount": "My Account",
  "nav.signIn": "Sign In",
  "nav.getStarted": "Get Started",
  "nav.menu": "Menu",
  "nav.inEnglish": "{label} (in English)",
  "language.switch": "Español",
  "language.switchLabel": "Leer esta página en español",
  "language.suggestion": "Esta página también está en español.",
  "language.suggestionLink": "Leer en español",
  "language.dismiss": "No, gracias",
  "footer.tagline": "Helping parents, children and grandparents recognize and avoid online scams.",
  "footer.shareLabel": "Share scam-free",
  "footer.shareText": "Free family course on spotting online scams",
  "footer.shareFacebook": "Share on Facebook",
  "footer.shareX": "Share on X",
  "footer.shareLinkedIn": "Share on LinkedIn",
  "footer.shareEmail": "Share by email",
  "footer.quickLinks": "Quick Links",
  "footer.trainingProgram": "Training Program",
  "footer.resources": "Resources",
  "footer.reportFtc": "Report fraud to the FTC",
  "footer.ic3": "FBI Internet Crime Complaint Center",
  "footer.contact": "Contact",
  "footer.replyTime": "We reply within 24 business hours.",
  "footer.rights": "© {year} scam-free. All rights reserved.",
  "footer.privacy": "Privacy",
  "footer.terms": "Terms",
  "footer.cookies": "Cookie Policy",

  // "Is this a scam?" (/check)
  "check.metaDescription":
    "Paste a text or an email you were sent: see its warning signs explained in plain words, and what to do next. Nothing you paste is stored.",
  "check.title": "Is this a scam?",
  "check.intro":
    "Got a text or an email that worries you? Paste it here. We point out the warning signs of a scam in it and explain each one, then tell you what to do. We never tell you a message is safe: only the company or person it claims to come from can say it is real.",
  "check.privacy":
    "Private: the check runs on this page, in your browser, and the message is not sent anywhere. If JavaScript is off in your browser, our server checks it instead and forgets it at once; nothing is stored or logged.",
  "check.formLabel": "Check a message",
  "check.textLabel": "The message",
  "check.textHint": "Copy the whole text or email and paste it here, as it arrived.",
  "check.senderLabel": "Who sent it (optional)",
  "check.senderHint": "The email address or phone number it came from.",
  "check.subjectLabel": "Subject (optional, for an email)",
  "check.linksLabel": "Where its links really go (optional)",
  "check.linksHint":
    "One per line. Don't open them: on a computer, rest the pointer on a link and copy the address shown at the bottom of the window; on a phone, press and hold the link and copy its address.",
  "check.submit": "Check this message",
  "check.error.required": "Paste the message you want to check.",
  "check.error.textTooLong":
    "That is more than {max, number} characters. Paste the part with the request and the links.",
  "check.error.senderTooLong": "The sender can be at most {max, number} characters.",
  "check.error.subjectTooLong": "The subject can be at most {max, number} characters.",
  "check.error.tooManyLinks": "Add at most {max, number} links.",
  "check.error.linkTooLong": "A link can be at most {max, number} characters.",
  "check.error.linksNotAList": "links must be a list of web addresses.",
  "check.refused.title": "Nothing to check yet",
  "check.refused.message": "Please look at the highlighted field.",
  "check.tooMany.title": "Please wait a minute",
  "check.tooMany.message": "Too many checks from your address. Please wait a minute and try again.",

  // The checker's answer
  "answer.noneFound":
    "We found no warning signs we know. That does not make it safe: contact the company or person through a number or website you already know.",
  "answer.beCareful": "Be careful: one thing here is worth checking.",
  "answer.warning":
    "{count, plural, one {# warning sign} other {# warning signs}}. Treat it as a scam: don't reply, don't click, don't pay.",
  "answer.beCarefulWhy":
    "On its own it does not prove a scam. Before you reply, click or pay, check with the company or person through a number or website you already know.",
  "answer.asks": "It asks you to {asks}.",
  "answer.decidedBy": "What decided it: {count, plural, one {sign} other {signs}} {signs}.",
  "answer.decidingSign": "{number} ({title})",
  "ask.openLink": "open a link",
  "ask.call": "call a number it gives",
  "ask.pay": "pay",
  "ask.giveCode": "give a code or a password",
  "ask.giveDetails": "give personal details",
  "ask.reply": "reply",
  "ask.scan": "scan a QR code",
  "ask.openAttachment": "open an attachment",
  "ask.keepSecret": "keep it secret",
  "answer.markStart": "Warning sign {number}: ",
  "answer.markEnd": " (end of warning sign {number})",
  "answer.messageLabel": "The message you pasted, with its warning signs",
  "answer.from": "From: ",
  "answer.subject": "Subject: ",
  "answer.linksGo": "Where its links really go:",
  "answer.in.sender": "In the sender: “{quote}”",
  "answer.in.subject": "In the subject: “{quote}”",
  "answer.in.text": "In the message: “{quote}”",
  "answer.in.links": "In a link: “{quote}”",
  "answer.decoded":
    "Decoded, this address shows as “{address}”: letters from another alphabet, made to look like a name you know.",
  "answer.asComputersRead":
    "Computers read this address as “{address}”: some of its letters come from another alphabet and only look like ours.",
  "answer.deciding": "Deciding sign",
  "answer.sameAs": "The same warning sign as <link>number {number}</link>, in another place.",
  "answer.messageWithSigns": "The message, with its warning signs",
  "answer.messageChecked": "The message you checked",
  "answer.worthChecking": "What is worth checking",
  "answer.eachSign": "What each warning sign means",
  "answer.stillNotSure": "Still not sure?",
  "answer.stillNotSureText":
    "Scammers change their words all the time, and a short or careful message can carry none of the signs we look for. Don't use the links, numbers or replies in the message. Find the company's number on your card, a bill or its own app, or call the person on the number you have always used, and ask.",
  "links.learnMore": "Learn more:",
  "links.learnMoreFallback": "Red flags: how to spot a scam",
  "links.inCourse": "In the course (members):",
  "links.courseFallback": "The free course",

  // What to do next (/check)
  "advice.reportHeading": "Where to report it",
  "advice.reportIntro":
    "Reporting takes a minute and helps stop the same message reaching the next family. Then delete it.",
  "advice.us": "In the United States",
  "advice.usText":
    "A text: forward it to <b>7726</b> (the letters SPAM on the keypad), free on the main mobile networks.",
  "advice.usFtc": "Any scam: tell the Federal Trade Commission at <link>ReportFraud.ftc.gov</link>.",
  "advice.usFtcPhone": "Rather call? The FTC answers at <b>1-877-382-4357</b>.",
  "advice.usIc3": "Money lost online, or a threat: report it to the FBI at <link>ic3.gov</link>.",
  "advice.uk": "In the United Kingdom",
  "advice.ukText": "A text: forward it to <b>7726</b>, free on every network.",
  "advice.ukEmail": "An email: forward it to <b>report@phishing.gov.uk</b> (the National Cyber Security Centre).",
  "advice.ukFraud": "Money lost or details given: report it to <link>Report Fraud</link>, and call your bank on 159.",
  "advice.reportCourse": "More in the course (members): <link>Reporting a Scam</link>.",
  "advice.alreadyHeading": "If you already clicked, paid or gave a code",
  "advice.alreadyIntro":
    "It happens to careful people every day. Act now, calmly, and use numbers and websites you find yourself, never the ones in the message.",
  "advice.paidHeading": "You paid, or gave card or bank details",
  "advice.paidText":
    "Call your bank or card company on the number on the back of your card. Ask them to stop or reverse the payment and watch the account. Paid with a gift card? Call the company that sold the card straight away with its number and your receipt. Sent money by wire, a payment app or cryptocurrency? Contact the company you used at once and ask them to reverse it.",
  "advice.passwordHeading": "You typed a password, or gave a code",
  "advice.passwordText":
    "Go to the real website or app yourself and change that password, and the same password anywhere else you used it. Turn on two-step sign-in. A code you gave away can let someone into the account: tell the company through its own app or number so they can lock it. See <passwords>Strong Passwords</passwords> and <twoStep>Two-Factor Authentication</twoStep>.",
  "advice.ssnHeading": "You gave your Social Security number or other details",
  "advice.ssnText":
    "In the US, freeze your credit with each of the three credit bureaus (it is free and you can lift it later), and follow the steps at <link>IdentityTheft.gov</link>. See <course>Identity Theft</course>.",
  "advice.openedHeading": "You opened a link or a file",
  "advice.openedText":
    "Don't type anything into the page. Close it, update your device and run its security scan. If you installed something or let a caller onto your computer, disconnect it from the internet and get help from someone you trust. Then change your passwords from another device.",
  "advice.alreadyCourse": "Step by step in the course (members): <link>What to Do If You Are Scammed</link>.",
  // The home page (/ and /es)
  "home.metaDescription":
    "A free course and hands-on Training Program that teach parents, children and grandparents to recognize and avoid online scams.",
  "home.badge": "Scam safety for the whole family",
  "home.title": "Stay Safe in the Digital World",
  "home.lead":
    "Learn how online scams work and how to stop them, together. A free course for parents, children and grandparents, and a Training Program that lets you practice on safe, realistic scam emails and texts.",
  "home.startCourse": "Start FREE Course",
  "home.stayInformed": "Stay Informed",
  "home.joinTraining": "Join Training Program",
  "home.checkPrompt":
    "Got a text or an email that worries you? <link>Is this a scam? Check it here</link>: we explain the warning signs in it, and nothing you paste is stored.",
  "home.featuresTitle": "Everything your family needs to stay scam-free",
  "home.feature.course.title": "Free Comprehensive Course",
  "home.feature.course.text":
    "43 short pages in 11 lessons: scam history, how scammers think, the most common scams, screen time, passwords and what to do if it happens to you.",
  "home.feature.training.title": "Complete Training Program",
  "home.feature.training.badge": "TRAINING",
  "home.feature.training.text":
    "Safe practice scam emails and texts sent to each family member, then a page showing exactly which red flags were there and which were missed.",
  "home.feature.community.title": "Community Support",
  "home.feature.community.text":
    "A friendly forum where families share what they have seen and how they handled it, plus a support team that answers within 24 business hours.",
  "home.feature.updates.title": "Up-to-date Protection",
  "home.feature.updates.text":
    "Scammers change their tricks all the time. Weekly lessons and scam updates keep what you know current.",
  "home.why.title": "Why training is essential",
  "home.why.text":
    "Reading about scams is a great start. But the moment a convincing message lands in your inbox, it is practice that makes you pause. That is why we pair the free course with safe, realistic practice.",
  "home.why.listLabel": "Protection success",
  "home.why.courseOnly": "Free course only",
  "home.why.withTraining": "With the Training Program",
  "home.why.success": "{value}% protection success",
  "home.why.illustration":
    "An illustration, not a measured result: no study has yet compared families who take the free course alone with families who also practice.",
  "home.why.didYouKnow": "Did you know?",
  "home.why.source": "Source {number}",
  "home.why.sources": "Sources",
  "home.stat.complaints": "complaints about internet crime sent to the FBI in 2024",
  "home.stat.averageLoss": "lost on average per complaint to the FBI in 2024",
  "home.stat.phishing": "phishing complaints in 2024, more than any other crime",
  "home.stat.age8Figure": "Age 8",
  "home.stat.age8": "children as young as 8 are targeted, and some lose money",
  "home.stat.breaches": "of data breaches involved a person being tricked or making a mistake",
  "home.how.title": "How it works",
  "home.how.learn.title": "Learn the Basics",
  "home.how.learn.text": "Read the free course together, a page a day. Each lesson ends with a quick self-check.",
  "home.how.join.title": "Join Our Training Program",
  "home.how.join.text": "We send safe practice scam emails and texts to each family member who agreed to take part.",
  "home.how.protected.title": "Stay Protected",
  "home.how.protected.text":
    "See which red flags you caught and which you missed, and keep your skills sharp with weekly lessons.",
  "home.testimonials.title": "How the Training Program helps families",
  "home.testimonials.note":
    "These are examples, not real reviews: made-up families showing how the Training Program is used, and the stars are part of the example. We will replace them with real members' words, with their permission.",
  "home.testimonials.rating": "Example rating: 5 out of 5 stars",
  "home.testimonials.who": "<b>{name}</b><muted>, {role} (example, not a real member)</muted>",
  "home.testimonials.grace.quote":
    "My son got a message promising free game coins. It looked just like a practice message he had spotted the week before, so he came straight to me instead of clicking.",
  "home.testimonials.grace.name": "Grace Okafor",
  "home.testimonials.grace.role": "mother of two",
  "home.testimonials.joe.quote":
    "I nearly fell for a call from someone pretending to be my grandson. Now our family has a code word, and after a few practice texts I feel much more sure of myself.",
  "home.testimonials.joe.name": "Grandpa Joe",
  "home.testimonials.joe.role": "grandfather",
  "home.testimonials.park.quote":
    "The practice emails are so realistic. The first week we missed two red flags; now we all spot them and compare notes at dinner.",
  "home.testimonials.park.name": "The Park family",
  "home.testimonials.park.role": "parents of two",
  "home.pricing.title": "Choose Your Training Program",
  "home.pricing.lead": "Start free. Add practice when you are ready. Cancel any time.",
  "home.newsletter.title": "Stay informed about new scams",
  "home.newsletter.lead": "Get a short email when a new scam is going around, with the red flags to look for.",

  // Pricing (/pricing)
  "pricing.metaTitle": "Pricing",
  "pricing.metaDescription":
    "Learn free, or practice with the Training Program ({premium, number, ::currency/USD precision-integer}/month) or Family Training ({family, number, ::currency/USD precision-integer}/month for up to {people} people).",
  "pricing.lead":
    "The course is free for everyone. The Training Program adds safe practice scam emails and texts, feedback on every red flag, weekly lessons and priority support.",
  "pricing.note":
    "Prices in US dollars. Cancel any time from your account; you keep access until the end of the month you paid for.",

  // Pages that cannot be shown
  "notFound.metaTitle": "Page not found",
  "notFound.metaDescription": "This page does not exist on scam-free.",
  "notFound.title": "Oops! Page not found",
  "notFound.text": "The page you were looking for does not exist or may have moved.",
  "notFound.home": "Return to Home",
  "error.title": "Something went wrong",
  "error.ours": "Something went wrong on our side. Please try again in a moment.",
  "error.refused": "This request was refused",
  "error.couldNot": "We could not do that",
  "error.goBack": "Please go back and try again.",

  // Red flags (/red-flags)
  "redFlags.title": "Red flags: how to spot a scam",
  "redFlags.metaDescription":
    "The warning signs that give scam emails and texts away, explained in plain words for the whole family, with what to do instead.",
  "redFlags.lead":
    "Scam messages give themselves away with the same few tricks. Each page below explains one of them in plain words, and what to do instead. Read them together: they are written for children and grown-ups alike.",
  "redFlags.wholeStory": "Want the whole story? The <link>free course</link> covers every one of these in depth.",
  "redFlag.metaTitle": "{title} · Red flags",
  "redFlag.notFoundDescription": "This red-flag page does not exist.",
  "redFlag.all": "All red flags",
  "redFlag.kicker": "Red flag",
  "redFlag.deeper": "Go deeper in the free course",
  "redFlag.inCourse": "In the course (members): <link>{title}</link>",
  "redFlag.courseFree":
    "The course is free. Reading it needs a scam-free account, so that it can remember where you got to.",

  // The plans (home and /pricing)
  "plan.mostPopular": "Most Popular",
  "plan.free": "Free",
  "plan.price": "{price, number, ::currency/USD precision-integer}",
  "plan.perMonth": "/month",
  "plan.seeSamples": "(see samples)",
  "plan.learning.name": "Learning",
  "plan.learning.tagline": "Everything you need to start spotting scams.",
  "plan.learning.course": "The full 46-page scam-free course, with a track for every age",
  "plan.learning.lessons": "11 lessons in 3 modules",
  "plan.learning.selfChecks": "Self-checks at the end of each lesson",
  "plan.learning.forum": "Community forum access",
  "plan.learning.button": "Start Learning",
  "plan.premium.name": "Training",
  "plan.premium.tagline": "Practice on realistic scams, safely.",
  "plan.premium.samples": "Practice scam emails and texts",
  "plan.premium.feedback": "Feedback on every red flag you missed",
  "plan.premium.weekly": "Weekly in-depth lessons",
  "plan.premium.updates": "Scam updates as new tricks appear",
  "plan.prioritySupport": "Priority support",
  "plan.premium.button": "Join Training Program",
  "plan.family.name": "Family Training",
  "plan.family.tagline": "The Training Program for up to {people} people.",
  "plan.family.everything": "Everything in Training for up to {people} people",
  "plan.family.matched": "Practice messages matched to each family member",
  "plan.family.progress": "Family progress at a glance",
  "plan.family.button": "Protect Your Family",
  // The pages after a practice message's link, in the message's language (issue #39).
  "feedback.metaTitle": "What to look for",
  "feedback.metaDescription": "The red flags in a scam-free practice message.",
  "feedback.notice":
    "This was a practice message from scam-free. Nothing happened, and nothing you type here is collected.",
  "feedback.opening.clicked.heading": "It was practice, and nothing happened. Here is what could have given it away",
  "feedback.opening.clicked.introFriendly":
    "You pressed the button on the practice page. That is OK: practice is how everyone learns, and nothing bad happened. Here are the {count, plural, one {# clue} other {# clues}} to look for next time.",
  "feedback.opening.clicked.intro":
    "You pressed the button on the practice page. Nothing was collected and nothing happened: that is what practice is for. A real scam would have asked for your details next. Here are its {count, plural, one {# red flag} other {# red flags}}.",
  "feedback.opening.spotted.headingFriendly": "You spotted it! Here is what gave it away",
  "feedback.opening.spotted.heading": "You spotted it. Here is what gave it away",
  "feedback.opening.spotted.introFriendly":
    "Well done, detective: you knew it was a scam. Here are all its {count, plural, one {# clue} other {# clues}}, so you know them every time.",
  "feedback.opening.spotted.intro":
    "Well done: you recognized it as a scam. Here are all its {count, plural, one {# red flag} other {# red flags}}, so you know them all.",
  "feedback.opening.reported.headingFriendly": "Well spotted: you reported it! Here is what gave it away",
  "feedback.opening.reported.heading": "Well spotted: you reported it. Here is what gave it away",
  "feedback.opening.reported.introFriendly":
    "Reporting is exactly the right move, detective. Here are all its {count, plural, one {# clue} other {# clues}}, so you know them every time.",
  "feedback.opening.reported.intro":
    "Reporting a message like this is exactly the right habit. Here are all its {count, plural, one {# red flag} other {# red flags}}, so you know them all.",
  "feedback.opening.checkedFirst.heading": "Well done: that is exactly what to do",
  "feedback.opening.checkedFirst.introFriendly":
    "You checked first instead of doing what the message asked. That is the best move there is. Here are its {count, plural, one {# clue} other {# clues}}.",
  "feedback.opening.checkedFirst.intro":
    "You checked first instead of doing what the message asked: the one step that beats this scam every time. Here are its {count, plural, one {# red flag} other {# red flags}}.",
  "feedback.opening.none.heading": "Here is what to look for",
  "feedback.opening.none.introFriendly":
    "This message had {count, plural, one {# clue} other {# clues}} that it was a scam. They are numbered in the message and explained below.",
  "feedback.opening.none.intro":
    "This message had {count, plural, one {# red flag} other {# red flags}}. Each one is numbered in the message and explained below.",
  "feedback.flagsHeading": "The red flags",
  "feedback.flagsHeadingFriendly": "The clues",
  "feedback.spotted.question": "Did you spot it?",
  "feedback.spotted.questionFriendly": "Did you spot it?",
  "feedback.spotted.explain":
    "If you recognized this as a scam before opening it, say so: your next practice message will be a little harder.",
  "feedback.spotted.explainFriendly":
    "If you knew it was a scam before you opened it, press the button. Your next practice message will be a bit trickier.",
  "feedback.spotted.button": "I spotted it",
  "feedback.spotted.noted": "We noted that you spotted it. Your next practice message will be a little harder.",
  "feedback.spotted.notedFriendly": "We noted that you spotted it. Your next practice message will be a little harder.",
  "feedback.spotted.answerTitle": "Well spotted",
  "feedback.spotted.answer": "We noted that you spotted it.",
  "feedback.refused.title": "Nothing was changed",
  "feedback.refused.message": "Please use the button on this page.",
  "feedback.stop.prompt": "Want no more practice messages?",
  "feedback.stop.link": "Stop practice messages",
  "feedback.where.fromName": "the sender",
  "feedback.where.fromAddress": "the sender's address",
  "feedback.where.subject": "the subject",
  "feedback.where.body": "the message",
  "feedback.arrived.email": "The email as it arrived",
  "feedback.arrived.text": "The text as it arrived",
  "feedback.flag.label": "Red flag {number}, in {where}: ",
  "feedback.flag.where": "In {where}: ",
  "feedback.story.heading": "The story so far: step {step} of {steps}",
  "feedback.story.explain":
    "This practice scam came in {steps} messages over several days, the way real ones often do: each step builds trust before the next one asks for more.",
  "feedback.story.before": " Here are the steps before this one; the message this page is about comes after them.",
  "feedback.story.first": " This was its first step.",
  "feedback.story.step": "Step {step} of {steps}",
  "feedback.story.stepFlags": "Red flags in step {step}",
  "feedback.nextTime": "What to do next time",
  "feedback.checkFirst.heading": "Check first, every time",
  "feedback.checkFirst.step1":
    "Pause. A real person in trouble can wait five minutes; a scam depends on you not waiting.",
  "feedback.checkFirst.step2":
    "Check through a way you already know: call back on the number you have for them, or the number on the back of your card for a bank.",
  "feedback.checkFirst.step3": "Ask for your family's code word, or a question only the real person could answer.",
  "feedback.checkFirst.step1Friendly": "Stop. Don't send anything yet, even if the message sounds upset or in a hurry.",
  "feedback.checkFirst.step2Friendly":
    "Check in another way: call or message the person on the number you already have for them, or ask a grown-up.",
  "feedback.checkFirst.step3Friendly": "Ask for your family's code word. The real person knows it; a scammer doesn't.",
  "feedback.checkFirst.course": "Learn more in the free course:",
  "feedback.learnMore.heading": "Learn more about these red flags",
  "feedback.checker.heading": "A real message worries you?",
  "feedback.checker.text":
    "Paste it into <link>Is this a scam?</link> and see its warning signs explained, the same way as here. Nothing you paste is stored.",
  "feedback.sources.heading": "This practice copies a real scam",
  "stop.metaTitle": "Stop practice messages",
  "stop.metaDescription": "Stop the practice emails and texts from scam-free.",
  "stop.confirm.heading": "Stop practice messages?",
  "stop.confirm.text":
    "You will get no more practice emails or texts from scam-free. Any that are planned are cancelled at once.",
  "stop.button": "Stop practice messages",
  "stop.stopped.heading": "Practice messages stopped",
  "stop.stopped.text": "You will get no more practice emails or texts from scam-free.",
  "stop.already.heading": "Practice messages are stopped",
  "stop.already.text": "Nothing more will be sent. You do not need to do anything else.",
  "stop.again": "Changed your mind later?",
  "stop.againLink": "Get practice messages again",
  "stop.home": "Return to Home",
  "practiceMessage.email": "The practice email as it arrived",
  "practiceMessage.text": "The practice text as it arrived",
  "practiceMessage.from": "From:",
  "practiceMessage.to": "To:",
  "practiceMessage.subject": "Subject:",
  "practiceMessage.flagStart": "Red flag {number}: ",
  "practiceMessage.flagEnd": " (end of red flag {number})",
} as const;

export type MessageKey = keyof typeof en;
