import { data } from "react-router";
import { pagesText } from "#app/.server/pages.ts";
import { screenUrl } from "#app/.server/screen-url.ts";
import { PublicPage } from "#app/components/public-page.tsx";
import type { Route } from "./+types/notice";
import { publicPageCache } from "#app/.server/public-cache.ts";

/**
 * The built-in notices: the data protection notice and the cloud storage service agreement, each the
 * default target of its policy link when the brand configures no URL of its own (POLICY_URLS).
 */
const NOTICES: Record<string, { texts: "dataProtection" | "storageAgreement"; sections: readonly string[] }> = {
  "/protocol/data-protection": { texts: "dataProtection", sections: ["collect", "purpose", "storage", "payment", "rights"] },
  "/protocol/storage-agreement": { texts: "storageAgreement", sections: ["service", "period", "refund", "video", "changes"] },
};

export const middleware: Route.MiddlewareFunction[] = [publicPageCache()];

export function loader({ context, request }: Route.LoaderArgs) {
  const notice = NOTICES[screenUrl(request).pathname];
  if (!notice) throw data(null, { status: 404 });
  const t = pagesText(context);
  const text = (key: string) => t(`${notice.texts}.${key}`);
  return {
    title: text("title"),
    intro: text("intro"),
    sections: notice.sections.map((key) => ({ key, heading: text(`${key}Title`), body: text(key) })),
    back: text("back"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

export default function Notice({ loaderData: view }: Route.ComponentProps) {
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
