import { lazy, Suspense, useContext, type ComponentType, type ReactNode } from "react";
import { Links, Meta, Outlet, redirectDocument, Scripts, ScrollRestoration, useRouteLoaderData, type ShouldRevalidateFunction } from "react-router";
import { textDirection } from "#domain/languages.ts";
import type { Route } from "./+types/root";
import { browserBundleOf, i18nextMiddleware } from "./.server/i18n.ts";
import { sessionMiddleware } from "./.server/session/middleware.ts";
import { requestContextMiddleware, requestOf } from "./.server/request-context.ts";
import { TIME_ZONE_SCRIPT } from "./time-zone-script.ts";
import stylesheet from "./app.css?url";
import { ErrorView } from "./components/error-view.tsx";
import { LoadingOverlayProvider } from "./components/loading-overlay.tsx";
import { ToastProvider } from "./components/toasts.tsx";
import { sessionContext } from "./context.ts";
import { I18nProvider, latestMessages, loadMessages, messagesAt } from "./i18n/context.tsx";
import type { Messages } from "./i18n/translate.ts";
import { NonceContext } from "./nonce.ts";
import { currentTrace } from "#platform/observability.ts";
import { useHydrated } from "remix-utils/use-hydrated";
import { errors, shell, webview } from "#locales/en/common.json";

// The bar shows on client navigations only, which start after hydration: its code loads then, not in the first load
// (docs/decisions/065). Without it (the connection dropped) a navigation shows no bar.
const NavigationProgress = lazy<ComponentType>(() =>
  import("./components/navigation-progress.tsx").then(
    ({ NavigationProgress }) => ({ default: NavigationProgress }),
    () => ({ default: () => null }),
  ),
);

/**
 * The texts of the error page when the root loader itself failed, and no bundle is named: the server writes them into
 * that page, where the browser reads them back, so that no screen's JavaScript carries them. After a navigation
 * the browser has the bundle of the language it shows.
 */
const FALLBACK_MESSAGES_ID = "fallback-messages";
function fallbackMessages(): Messages {
  if (import.meta.env.SSR) return { errors, shell, webview };
  const written = document.getElementById(FALLBACK_MESSAGES_ID)?.textContent;
  return written ? (JSON.parse(written) as Messages) : (latestMessages() ?? {});
}

/** Adds the preload of the bundle its element names, as `link[data-messages]`, which entry.client reads. */
const PRELOAD_MESSAGES_SCRIPT = `var s=document.currentScript,l=document.createElement("link");l.rel="preload";l.as="fetch";l.crossOrigin="anonymous";l.href=s.dataset.messagesHref;l.setAttribute("data-messages","");s.after(l)`;

export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware, i18nextMiddleware, requestContextMiddleware];

export const links: Route.LinksFunction = () => [
  // With a precedence React puts the stylesheet ahead of the modulepreloads it hoists into <head>, so the
  // first paint waits for the CSS alone and not for the scripts queued before it.
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function loader({ context }: Route.LoaderArgs) {
  const { locale, env } = requestOf(context);
  const toast = context.get(sessionContext).get("toast");
  return {
    locale,
    /** The address of the language's bundle, a hashed static asset: the document names it instead of carrying it. */
    messages: browserBundleOf(locale),
    toast: toast ? { ...toast, id: crypto.randomUUID() } : null,
    /** The document's trace id: an error page without a reference of its own shows it (docs/decisions/055). */
    reference: currentTrace()?.traceId ?? null,
    /** Where the error page reports an error the browser threw (app/browser-error-reporting.ts); null: nowhere. */
    errorReporting: env.SENTRY_BROWSER_DSN ? { dsn: env.SENTRY_BROWSER_DSN, environment: env.ENVIRONMENT ?? null } : null,
  };
}

/**
 * After hydration (a change of language), the new language's bundle is fetched before the page renders in it.
 * When it cannot be fetched (a dropped connection), the page is loaded whole instead: the server renders it in its
 * language, where the browser would have shown an English error page (a buyer's finding).
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  try {
    await loadMessages(data.messages);
  } catch {
    throw redirectDocument(request.url);
  }
  return data;
}

/** The language bundle changes only with the language; toasts arrive after submissions. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate &&
  (Boolean(formMethod && formMethod !== "GET") || currentUrl.searchParams.get("language") !== nextUrl.searchParams.get("language"));

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const locale = data?.locale ?? "en";
  const nonce = useContext(NonceContext);
  const hydrated = useHydrated();
  const messages = (data && messagesAt(data.messages)) ?? fallbackMessages();
  return (
    <html lang={locale} dir={textDirection(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        {/* The webview paints its own background and bars in the buyer's scheme before the stylesheet arrives. */}
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" media="(prefers-color-scheme: light)" content="#eff1f5" />
        <meta name="theme-color" media="(prefers-color-scheme: dark)" content="#0f1013" />
        <Meta />
        <Links />
        {/* The browser fetches its language's bundle beside the scripts; entry.client waits for it to hydrate. A script
            adds the preload, so that a browser without JavaScript, which would never read the bundle, does not fetch it. */}
        {data && <script nonce={nonce} data-messages-href={data.messages} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? PRELOAD_MESSAGES_SCRIPT : "" }} />}
        {/* Tells the server the device's time zone, so that times are shown on the buyer's own clock. It runs once, from
            the server's document: the browser keeps the element and does not carry its text. */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? TIME_ZONE_SCRIPT : "" }} />
        {!data && <script type="application/json" id={FALLBACK_MESSAGES_ID} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: JSON.stringify(messages).replaceAll("<", "\\u003c") }} />}
      </head>
      <body className="min-h-dvh bg-page text-neutral-900 antialiased">
        <I18nProvider locale={locale} messages={messages}>
          <ToastProvider flash={data?.toast ?? null}>
            <LoadingOverlayProvider>
              {hydrated && (
                <Suspense fallback={null}>
                  <NavigationProgress />
                </Suspense>
              )}
              {children}
            </LoadingOverlayProvider>
          </ToastProvider>
        </I18nProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorView error={error} />;
}
