import { pagesText } from "../../.server/pages.ts";
import { PublicPage } from "../../components/public-page.tsx";
import type { Route } from "./+types/data-protection";
import { publicPageCache } from "../../.server/public-cache.ts";

const SECTIONS = ["collect", "purpose", "storage", "payment", "rights"] as const;

export const middleware: Route.MiddlewareFunction[] = [publicPageCache()];

/** The data protection notice: also the default target of the privacy and agreement links. */
export function loader({ context }: Route.LoaderArgs) {
  const t = pagesText(context);
  return {
    title: t("dataProtection.title"),
    intro: t("dataProtection.intro"),
    sections: SECTIONS.map((key) => ({ key, heading: t(`dataProtection.${key}Title`), body: t(`dataProtection.${key}`) })),
    back: t("dataProtection.back"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

export default function DataProtection({ loaderData: view }: Route.ComponentProps) {
  return (
    <PublicPage title={view.title} back={view.back}>
      <p>{view.intro}</p>
      {view.sections.map((section) => (
        <section key={section.key} aria-labelledby={`section-${section.key}`}>
          <h2 id={`section-${section.key}`} className="text-lg font-semibold">
            {section.heading}
          </h2>
          <p className="mt-1">{section.body}</p>
        </section>
      ))}
    </PublicPage>
  );
}
