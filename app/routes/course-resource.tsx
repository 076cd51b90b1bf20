import type { ComponentType } from "react";
import { data, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/course-resource";
import { mdxComponents } from "~/course/mdx-components";
import { NotFoundScreen } from "~/layout/not-found-screen";
import { pageMeta } from "~/seo/meta";

type MdxModule = {
  default: ComponentType<{ components?: Record<string, ComponentType<never>> }>;
  frontmatter: { title: string; description: string };
};

/** The printable Activities and Quizzes documents linked from every course page. */
const documents = import.meta.glob<MdxModule>("../../content/course/resources/*.mdx", { eager: true });
const byName = Object.fromEntries(
  Object.entries(documents).map(([path, module]) => [/([a-z-]+)\.mdx$/.exec(path)?.[1] ?? path, module]),
);

export function loader({ params }: Route.LoaderArgs) {
  const document = byName[params.doc];
  if (!document) throw data("No such document", { status: 404 });
  return { doc: params.doc, title: document.frontmatter.title, description: document.frontmatter.description };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data?.title ?? "Not found",
    description: args.data?.description ?? "",
    path: `/course/resources/${args.params.doc}`,
  });

export default function CourseResource({ loaderData }: Route.ComponentProps) {
  const Content = byName[loaderData.doc].default;
  return (
    <article className="print-full mx-auto max-w-3xl px-4 py-12">
      <p className="text-sm font-semibold text-muted">scam-free course resources</p>
      <h1 className="mt-1 text-4xl font-extrabold text-brand-900">{loaderData.title}</h1>
      <p className="mt-2 text-muted">{loaderData.description}</p>
      <div className="prose-content mt-6">
        <Content components={mdxComponents} />
      </div>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  throw error;
}
