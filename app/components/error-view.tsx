import { useTranslation } from "../i18n/context.tsx";
import { isRouteErrorResponse, useLocation } from "react-router";

/** 503: the upstream did not answer in time or at all; 502: it answered, but not the contract. */
const MESSAGE_BY_STATUS: Partial<Record<number, string>> = { 404: "errors.notFound", 502: "errors.badAnswer", 503: "errors.unavailable" };

/** What an error boundary shows: what happened, and a way back (back, or try the same page again). */
export function ErrorView({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  const message = t(MESSAGE_BY_STATUS[status] ?? "errors.unexpected");
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-lg font-semibold">{notFound ? t("errors.notFoundTitle") : t("errors.title")}</h1>
      <p className="text-neutral-600">{message}</p>
      <div className="flex gap-3">
        <button type="button" className="rounded-full border border-neutral-400 px-5 py-2" onClick={() => history.back()}>
          {t("shell.back")}
        </button>
        {!notFound && (
          <a className="rounded-full bg-sky-600 px-5 py-2 text-white" href={location.pathname + location.search}>
            {t("shell.retry")}
          </a>
        )}
      </div>
    </main>
  );
}
