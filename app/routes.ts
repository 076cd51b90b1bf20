import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Mirrors SPEC.md section 2. Route modules stay thin; the work lives in the capability folders.
export default [
  index("routes/home.tsx"),
  route("pricing", "routes/pricing.tsx"),
  route("auth", "routes/auth.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("account", "routes/account.tsx"),
  route("course", "routes/course.tsx"),
  route("course/resources/:doc", "routes/course-resource.tsx"),
  route("course/:courseId/:pageId?", "routes/course-page.tsx"),
  route("api/auth/*", "routes/api.auth.ts"),
  route("dev/mailbox", "routes/dev.mailbox.tsx"),
  route("newsletter", "routes/newsletter.tsx"),
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("cookies", "routes/cookies.tsx"),
  route("stripe-setup", "routes/stripe-setup.tsx"),
  route("healthz", "routes/healthz.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
