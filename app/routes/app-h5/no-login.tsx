import { useTranslation } from "#app/i18n/context.tsx";
import { requestOf } from "#app/.server/request-context.ts";
import { LAUNCH_FROM_OTHER_SITE } from "#app/catalogue/screens.ts";
import type { Route } from "./+types/no-login";

const REASONS = new Set(["bad_base64", "bad_cipher", "bad_json", "bad_fields"]);


export function loader({ params, request, context }: Route.LoaderArgs) {
  const reason = new URL(request.url).searchParams.get("reason");
  return {
    title: requestOf(context).t("noLogin.title"),
    kind: params.type === "1" ? ("noToken" as const) : ("noIdentity" as const),
    badLink: reason && REASONS.has(reason) ? reason : null,
    otherSite: reason === LAUNCH_FROM_OTHER_SITE,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

export default function NoLogin({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const message = loaderData.otherSite
    ? t("noLogin.otherSite")
    : loaderData.badLink
      ? t("noLogin.badLink", { code: loaderData.badLink })
      : t(`noLogin.${loaderData.kind}`);
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-14 w-14 text-neutral-400" fill="none" stroke="currentColor" strokeWidth="1.5">
        <rect x="5" y="10" width="14" height="10" rx="2" />
        <path d="M8 10V7a4 4 0 0 1 8 0v3" />
      </svg>
      <h1 className="text-lg font-semibold">{t("noLogin.title")}</h1>
      <p className="text-neutral-600">{message}</p>
    </main>
  );
}
