import { useEffect } from "react";
import { isRouteErrorResponse, useLocation, useRouteLoaderData } from "react-router";
import type { BrowserErrorReporting } from "#app/browser-error-reporting.ts";
import { APP_HOME } from "#app/catalogue/app-home.ts";
import { useTranslation } from "#app/i18n/context.tsx";

/** 503: the upstream did not answer in time or at all; 502: it answered, but not the contract. */
const MESSAGE_BY_STATUS: Partial<Record<number, string>> = { 404: "errors.notFound", 502: "errors.badAnswer", 503: "errors.unavailable" };

/** The store's front door: the app screens start at the app home (product-rules §2), everything else at the home page. */
const homeOf = (pathname: string) => (pathname.startsWith(`${APP_HOME}/`) ? APP_HOME : "/");

/** React Router numbers the history entries it made (`idx`): 0 is the page the webview opened. */
const canGoBackInStore = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/**
 * What an error boundary shows: what happened, the same screen again, and the way home (both links, so
 * they work without JavaScript). A webview often opens the screen as its first history entry: with
 * nowhere in the store to go back to, "Go back" goes home.
 */
/** The trace id support searches the logs by: the failed request's own when it carries one, else the document's. */
function useReference(error: unknown): string | null {
  const document = useRouteLoaderData<{ reference?: string | null }>("root");
  const own = isRouteErrorResponse(error) ? (error.data as { reference?: unknown } | null)?.reference : undefined;
  return typeof own === "string" ? own : (document?.reference ?? null);
}

/** An error this browser threw goes to Sentry with the reference shown, when the storefront names a browser DSN. */
function useBrowserErrorReport(error: unknown, reference: string | null) {
  const reporting = useRouteLoaderData<{ errorReporting?: BrowserErrorReporting | null }>("root")?.errorReporting;
  useEffect(() => {
    if (!reporting) return;
    const page = { url: window.location.href, userAgent: navigator.userAgent };
    // A report that cannot be sent is given up: the error page is what matters to the buyer.
    import("#app/browser-error-reporting.ts").then(({ reportIfThrownInBrowser }) => reportIfThrownInBrowser(error, reference, reporting, page)).catch(() => {});
  }, [error, reference, reporting]);
}

export function ErrorView({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const reference = useReference(error);
  useBrowserErrorReport(error, reference);
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  const message = t(MESSAGE_BY_STATUS[status] ?? "errors.unexpected");
  const home = homeOf(location.pathname);
  const title = notFound ? t("errors.notFoundTitle") : t("errors.title");
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <title>{title}</title>
      <h1 className="text-lg font-semibold">{title}</h1>
      <p className="text-neutral-600">{message}</p>
      {reference && !notFound && (
        <p className="text-sm break-all text-neutral-600">
          {t("errors.reference")} <span className="font-mono select-all">{reference}</span>
        </p>
      )}
      <div className="flex flex-wrap justify-center gap-3">
        {!notFound && (
          <a className="tap-target inline-flex items-center rounded-full bg-sky-700 px-5 text-white" href={location.pathname + location.search}>
            {t("shell.retry")}
          </a>
        )}
        <a className="tap-target inline-flex items-center rounded-full border border-neutral-400 px-5" href={home}>
          {t("webview.home")}
        </a>
        <button
          type="button"
          className="tap-target rounded-full px-5 text-sky-700 underline"
          onClick={() => (canGoBackInStore() ? window.history.back() : window.location.assign(home))}
        >
          {t("shell.back")}
        </button>
      </div>
    </main>
  );
}
