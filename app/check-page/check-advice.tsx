import { coursePagePath } from "~/course/course-map";

/**
 * What to do with a message that worried you, whatever the check found: where to report it, and
 * the first steps after a click, a payment or a code given away. The facts follow the FTC
 * (ReportFraud.ftc.gov, IdentityTheft.gov, gift card advice), the FBI (ic3.gov), the carriers'
 * 7726 spam short code, and in the UK the NCSC (report@phishing.gov.uk) and Report Fraud.
 */

function External({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a href={href} rel="noopener noreferrer" className="font-medium text-brand-700 underline underline-offset-2">
      {children}
    </a>
  );
}

function CourseLink({ page, children }: { page: number; children: React.ReactNode }) {
  return (
    <a href={coursePagePath(page)} className="text-brand-700 underline underline-offset-2">
      {children}
    </a>
  );
}

export function CheckAdvice() {
  return (
    <div className="mt-10 space-y-8">
      <section aria-labelledby="report-heading">
        <h2 id="report-heading" className="text-xl font-bold text-brand-900">
          Where to report it
        </h2>
        <p className="mt-2">
          Reporting takes a minute and helps stop the same message reaching the next family. Then delete it.
        </p>
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          <div className="rounded-2xl border border-slate-200 bg-white p-4">
            <h3 className="font-bold text-brand-900">In the United States</h3>
            <ul className="mt-2 list-disc space-y-2 pl-5">
              <li>
                A text: forward it to <strong>7726</strong> (the letters SPAM on the keypad), free on the main mobile
                networks.
              </li>
              <li>
                Any scam: tell the Federal Trade Commission at{" "}
                <External href="https://reportfraud.ftc.gov/">ReportFraud.ftc.gov</External>.
              </li>
              <li>
                Money lost online, or a threat: report it to the FBI at{" "}
                <External href="https://www.ic3.gov/">ic3.gov</External>.
              </li>
            </ul>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-4">
            <h3 className="font-bold text-brand-900">In the United Kingdom</h3>
            <ul className="mt-2 list-disc space-y-2 pl-5">
              <li>
                A text: forward it to <strong>7726</strong>, free on every network.
              </li>
              <li>
                An email: forward it to <strong>report@phishing.gov.uk</strong> (the National Cyber Security Centre).
              </li>
              <li>
                Money lost or details given: report it to{" "}
                <External href="https://www.reportfraud.police.uk/">Report Fraud</External>, and call your bank on 159.
              </li>
            </ul>
          </div>
        </div>
        <p className="mt-3 text-sm text-muted">
          More in the course (members): <CourseLink page={41}>Reporting a Scam</CourseLink>.
        </p>
      </section>

      <section aria-labelledby="already-heading">
        <h2 id="already-heading" className="text-xl font-bold text-brand-900">
          If you already clicked, paid or gave a code
        </h2>
        <p className="mt-2">
          It happens to careful people every day. Act now, calmly, and use numbers and websites you find yourself, never
          the ones in the message.
        </p>
        <ul className="mt-4 space-y-4">
          <li className="rounded-2xl bg-brand-50 p-4">
            <h3 className="font-bold text-brand-900">You paid, or gave card or bank details</h3>
            <p className="mt-1">
              Call your bank or card company on the number on the back of your card. Ask them to stop or reverse the
              payment and watch the account. Paid with a gift card? Call the company that sold the card straight away
              with its number and your receipt. Sent money by wire, a payment app or cryptocurrency? Contact the company
              you used at once and ask them to reverse it.
            </p>
          </li>
          <li className="rounded-2xl bg-brand-50 p-4">
            <h3 className="font-bold text-brand-900">You typed a password, or gave a code</h3>
            <p className="mt-1">
              Go to the real website or app yourself and change that password, and the same password anywhere else you
              used it. Turn on two-step sign-in. A code you gave away can let someone into the account: tell the company
              through its own app or number so they can lock it. See <CourseLink page={38}>Strong Passwords</CourseLink>{" "}
              and <CourseLink page={39}>Two-Factor Authentication</CourseLink>.
            </p>
          </li>
          <li className="rounded-2xl bg-brand-50 p-4">
            <h3 className="font-bold text-brand-900">You gave your Social Security number or other details</h3>
            <p className="mt-1">
              In the US, freeze your credit with each of the three credit bureaus (it is free and you can lift it
              later), and follow the steps at{" "}
              <External href="https://www.identitytheft.gov/">IdentityTheft.gov</External>. See{" "}
              <CourseLink page={17}>Identity Theft</CourseLink>.
            </p>
          </li>
          <li className="rounded-2xl bg-brand-50 p-4">
            <h3 className="font-bold text-brand-900">You opened a link or a file</h3>
            <p className="mt-1">
              Don&apos;t type anything into the page. Close it, update your device and run its security scan. If you
              installed something or let a caller onto your computer, disconnect it from the internet and get help from
              someone you trust. Then change your passwords from another device.
            </p>
          </li>
        </ul>
        <p className="mt-3 text-sm text-muted">
          Step by step in the course (members): <CourseLink page={40}>What to Do If You Are Scammed</CourseLink>.
        </p>
      </section>
    </div>
  );
}
