import { Info } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, redirect, redirectDocument, useNavigation } from "react-router";
import type { Route } from "./+types/auth";
import { logIn, signUp, type AuthFormResult } from "~/account/account-actions.server";
import { authSchemasFor, safeReturnTo } from "~/account/auth-schemas";
import { isReturningVisitor, rememberReturningVisitor } from "~/account/returning-visitor.server";
import { getSessionUser } from "~/account/session.server";
import { isPaidPlanId, PLANS, planNameIn } from "~/billing/plans";
import { localeOfPath, pathInLocale } from "~/i18n/locales";
import { translatorFor, type Translate } from "~/i18n/translate";
import { useT } from "~/i18n/use-translation";
import { useResultToast } from "~/account/use-result-toast";
import { pageMeta } from "~/seo/meta";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { setFlash } from "~/ui/flash.server";
import { FormMessage } from "~/ui/form-message";
import { TextField } from "~/ui/text-field";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/ui/tabs";
import { fieldErrors, formDataToObject } from "~/validation/fields";
import { readForm } from "~/validation/read-form.server";

// /auth and /es/auth: the same forms and schemas, in the address's language (issue #39).
export const meta: Route.MetaFunction = (args) => {
  const locale = localeOfPath(args.location.pathname);
  const t = translatorFor(locale);
  return pageMeta(args, {
    title: t("auth.metaTitle"),
    description: t("auth.metaDescription"),
    path: pathInLocale("/auth", locale),
    noIndex: true,
  });
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const returnTo = safeReturnTo(url.searchParams.get("returnTo"));
  if (await getSessionUser({ request, context }))
    throw redirect(returnTo ?? pathInLocale("/account", localeOfPath(url.pathname)));
  const plan = planOnTheWay(returnTo, translatorFor(localeOfPath(url.pathname)));
  return { returnTo: returnTo ?? null, plan, tab: firstTab(url.searchParams.get("tab"), plan, request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const t = translatorFor(localeOfPath(new URL(request.url).pathname));
  if (form.intent === "signup") {
    const { status, result } = await signUp(request, form, context.clientIp, t);
    // "Please log in" comes next: the Login form keeps the address just typed (sent back only to
    // the person who typed it, only once the account exists).
    const email = result.ok && typeof form.email === "string" ? form.email.trim().slice(0, 254) : undefined;
    return data({ ...result, email }, { status });
  }
  if (form.intent !== "login") {
    const unknown: AuthFormResult = {
      ok: false,
      intent: "login",
      title: t("auth.loginFailed"),
      message: t("auth.unknownForm"),
    };
    return data(unknown, { status: 400 });
  }
  const { status, result, setCookie } = await logIn(request, form, context.clientIp, t);
  if (!result.ok) return data(result, { status });
  const headers = new Headers();
  for (const cookie of setCookie ?? []) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await rememberReturningVisitor());
  headers.append("Set-Cookie", await setFlash({ kind: "success", title: result.title, message: result.message }));
  // A whole page load: the page asked for may have no script (a course page), and "Login
  // successful" must reach it (loadAsWholePage); every page then starts from the new session.
  throw redirectDocument(safeReturnTo(form.returnTo) ?? pathInLocale("/account", t.locale), { headers });
}

/** The plan a signed-out visitor chose on the pricing page, read from where login leads next, named in the page's language. */
function planOnTheWay(returnTo: string | undefined, t: Translate) {
  if (!returnTo) return null;
  const next = new URL(returnTo, "http://same.site");
  const plan = next.searchParams.get("plan");
  if ((next.pathname !== "/checkout" && next.pathname !== "/es/checkout") || !isPaidPlanId(plan)) return null;
  return { name: planNameIn(t, plan), price: PLANS[plan].price };
}

/**
 * Which tab opens: the one asked for; Login for someone who has logged in on this browser before;
 * Create Account for someone new on their way to a plan; Login otherwise.
 */
function firstTab(asked: string | null, plan: ReturnType<typeof planOnTheWay>, request: Request) {
  if (asked === "signup" || asked === "login") return asked;
  if (plan && !isReturningVisitor(request)) return "signup";
  return "login";
}

/** "Create an account or log in to continue to Family Training, $25/month": calm, not an error. */
function PlanOnTheWay({ plan }: { plan: { name: string; price: number } }) {
  const t = useT();
  return (
    <p
      data-plan-on-the-way
      className="mt-6 flex items-start gap-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-brand-900"
    >
      <Info aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
      <span>
        {t.rich("auth.planOnTheWay", {
          plan: plan.name,
          price: `$${plan.price}`,
          b: (chunks) => <strong>{chunks}</strong>,
        })}
      </span>
    </p>
  );
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { LoginSchema, SignUpSchema } = authSchemasFor(t);
  const [tab, setTab] = useState<string>(loaderData.tab);
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  useResultToast(actionData);

  // After a successful sign-up the person logs in next (checked once per answer, during render).
  const [answerSeen, setAnswerSeen] = useState(actionData);
  if (actionData !== answerSeen) {
    setAnswerSeen(actionData);
    if (actionData?.ok && actionData.intent === "signup") setTab("login");
  }
  const createdEmail =
    actionData?.ok && actionData.intent === "signup" && "email" in actionData && typeof actionData.email === "string"
      ? actionData.email
      : undefined;

  const errors = { ...(actionData?.fields ?? {}), ...clientErrors };
  const validate = (schema: typeof LoginSchema | typeof SignUpSchema) => (event: React.FormEvent<HTMLFormElement>) => {
    const parsed = schema.safeParse(formDataToObject(new FormData(event.currentTarget)));
    if (!parsed.success) {
      event.preventDefault();
      setClientErrors(fieldErrors(parsed.error));
    } else {
      setClientErrors({});
    }
  };

  const loginResult =
    actionData?.intent === "login" || (actionData?.intent === "signup" && actionData.ok) ? actionData : undefined;
  const signupResult = actionData?.intent === "signup" && !actionData.ok ? actionData : undefined;

  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-center text-3xl font-bold text-brand-900">{t("auth.title")}</h1>
      {loaderData.plan && <PlanOnTheWay plan={loaderData.plan} />}
      <Card className="mt-8">
        <Tabs
          value={tab}
          onValueChange={(value) => {
            setTab(value);
            setClientErrors({});
          }}
        >
          <TabsList aria-label={t("auth.tabs")}>
            <TabsTrigger value="login">{t("auth.loginTab")}</TabsTrigger>
            <TabsTrigger value="signup">{t("auth.signupTab")}</TabsTrigger>
          </TabsList>

          <TabsContent value="login" className="mt-6">
            <Form method="post" noValidate onSubmit={validate(LoginSchema)} className="space-y-4">
              <input type="hidden" name="intent" value="login" />
              {loaderData.returnTo && <input type="hidden" name="returnTo" value={loaderData.returnTo} />}
              <FormMessage result={loginResult} />
              <TextField
                // A new key when an account was just created: the field starts again with its address.
                key={createdEmail ?? "login-email"}
                id="login-email"
                label={t("auth.email")}
                name="email"
                type="email"
                autoComplete="email"
                defaultValue={createdEmail}
                required
                error={tab === "login" ? errors.email : undefined}
              />
              <TextField
                id="login-password"
                label={t("auth.password")}
                name="password"
                type="password"
                autoComplete="current-password"
                required
                error={tab === "login" ? errors.password : undefined}
                labelAside={
                  <Link
                    to={pathInLocale("/forgot-password", t.locale)}
                    className="text-sm font-medium text-brand-700 underline"
                  >
                    {t("auth.forgot")}
                  </Link>
                }
              />
              <Button type="submit" className="w-full" disabled={submitting === "login"}>
                {submitting === "login" ? t("auth.loggingIn") : t("auth.logIn")}
              </Button>
              <p className="text-center text-sm text-muted">
                {t.rich("auth.newHere", {
                  link: (chunks) => (
                    <Link
                      to={`${pathInLocale("/auth", t.locale)}?tab=signup`}
                      onClick={(event) => {
                        event.preventDefault();
                        setTab("signup");
                      }}
                      className="font-medium text-brand-700 underline"
                    >
                      {chunks}
                    </Link>
                  ),
                })}
              </p>
            </Form>
          </TabsContent>

          <TabsContent value="signup" className="mt-6">
            <Form method="post" noValidate onSubmit={validate(SignUpSchema)} className="space-y-4">
              <input type="hidden" name="intent" value="signup" />
              <FormMessage result={signupResult} />
              <TextField
                id="signup-email"
                label={t("auth.email")}
                name="email"
                type="email"
                autoComplete="email"
                required
                error={tab === "signup" ? errors.email : undefined}
              />
              <TextField
                id="signup-password"
                label={t("auth.password")}
                name="password"
                type="password"
                autoComplete="new-password"
                required
                minLength={6}
                error={tab === "signup" ? errors.password : undefined}
                hint={
                  <>
                    {t("auth.passwordHint")}
                    <span className="mt-1 block text-xs">{t("auth.passphraseTip")}</span>
                  </>
                }
              />
              {/* The newsletter is written in English: the Spanish page does not offer it. */}
              {t.locale === "en" && (
                <div className="flex items-start gap-3">
                  <input
                    id="signup-newsletter"
                    name="newsletter"
                    type="checkbox"
                    className="mt-1 h-4 w-4 shrink-0 accent-brand-700"
                  />
                  <label htmlFor="signup-newsletter" className="text-sm">
                    Sign up for our newsletter to receive cybersecurity tips and updates
                  </label>
                </div>
              )}
              <Button type="submit" className="w-full" disabled={submitting === "signup"}>
                {submitting === "signup" ? t("auth.creating") : t("auth.create")}
              </Button>
            </Form>
          </TabsContent>
        </Tabs>
      </Card>
    </section>
  );
}
