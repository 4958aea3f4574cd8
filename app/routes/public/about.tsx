import { pagesText } from "#app/.server/pages.ts";
import { PublicPage } from "#app/components/public-page.tsx";
import type { Route } from "./+types/about";
import { publicPageCache } from "#app/.server/public-cache.ts";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache()];

export function loader({ context }: Route.LoaderArgs) {
  const t = pagesText(context);
  return { title: t("about.title"), paragraphs: ["p1", "p2", "p3"].map((key) => t(`about.${key}`)), back: t("about.back") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

export default function About({ loaderData: view }: Route.ComponentProps) {
  return (
    <PublicPage title={view.title} back={view.back}>
      {view.paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </PublicPage>
  );
}
