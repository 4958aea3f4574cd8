import { isLanguage, type Language } from "#domain/languages.ts";
import { policyLanguage, policyUrl } from "#app/.server/policies.ts";
import { getI18n } from "#app/.server/i18n.ts";
import { screenUrl } from "#app/.server/screen-url.ts";
import { requestOf } from "#app/.server/request-context.ts";
import type { Route } from "./+types/privacy-redirect";
import { publicPageCache } from "#app/.server/public-cache.ts";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache()];

/**
 * Product-rules §2 screen 6: `language` picks the brand's policy (zh, en or ja; anything else is en) and the
 * title; without a configured policy the built-in notice opens in the buyer's own language. The page
 * sends the browser on at once, without JavaScript too.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  const url = screenUrl(request);
  const requested = url.searchParams.get("language");
  const language: Language = isLanguage(requested) ? requested : policyLanguage(requested);
  const document = url.searchParams.get("doc") === "storageAgreement" ? "storageAgreement" : "privacy";
  const t = getI18n(context).getFixedT(language, "pages");
  return {
    language,
    title: t(document === "privacy" ? "privacyRedirect.title" : "privacyRedirect.storageAgreementTitle"),
    opening: t("privacyRedirect.opening"),
    link: t("privacyRedirect.link"),
    target: policyUrl(requestOf(context).env, document, language, url.searchParams.get("app") === "2" ? 2 : 1),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { httpEquiv: "refresh", content: `0;url=${loaderData.target}` }] : [];

export default function PrivacyRedirect({ loaderData: view }: Route.ComponentProps) {
  return (
    <main lang={view.language} className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-xl font-semibold">{view.title}</h1>
      <p className="text-neutral-700">{view.opening}</p>
      <a href={view.target} className="text-sky-700 underline">
        {view.link}
      </a>
    </main>
  );
}
