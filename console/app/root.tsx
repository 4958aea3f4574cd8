import { useContext, type ReactNode } from "react";
import { Form, isRouteErrorResponse, Links, Meta, NavLink, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "react-router";
import type { OperatorRole } from "#contract/operator.ts";
import { currentTrace } from "#platform/observability.ts";
import type { Route } from "./+types/root";
import { getOperator } from "./.server/cloud-api.ts";
import { MESSAGES } from "./.server/locale.ts";
import { sectionsFor } from "./.server/navigation.ts";
import { ACCESS_SIGN_OUT } from "./.server/pages.ts";
import stylesheet from "./app.css?url";
// The brand's icon, the storefront's own file (public/), emitted into the console's assets.
import brandIcon from "../../public/favicon.svg?no-inline";
import { localeContext } from "./context.ts";
import type { ConsoleLocale, MessageKey } from "./i18n.ts";
import { I18nProvider, useTranslation } from "./i18n-context.tsx";
import { NonceContext } from "./nonce.ts";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: brandIcon, type: "image/svg+xml" },
];

/** The console's name as the document's title; a page's own meta puts its name first ("Orders · CamCloud console"). */
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.messages.shell.title ?? "CamCloud console" }];

export function loader({ context }: Route.LoaderArgs) {
  const locale = context.get(localeContext);
  const { email, role, name } = getOperator(context);
  const sections = sectionsFor(role).map(({ path, label }) => ({ path, label }));
  return { locale, messages: MESSAGES[locale], operator: { email, role, name }, sections, signOut: ACCESS_SIGN_OUT, reference: currentTrace()?.traceId ?? null };
}

/** The other language of the switch. */
const otherLocale = (locale: ConsoleLocale): ConsoleLocale => (locale === "en" ? "zh" : "en");

const target = "inline-flex min-h-11 items-center rounded-md px-3";

function Header({ operator, signOut }: { operator: { email: string; role: OperatorRole }; signOut: string }) {
  const { t, locale } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <header className="border-b border-neutral-200 bg-white dark:border-neutral-800 dark:bg-neutral-900">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-6 py-2">
        <a href="/today" className={`${target} -ml-3 text-lg font-semibold`}>
          {t("shell.title")}
        </a>
        <p className="ml-auto text-sm">
          <span data-testid="operator-email">{t("shell.signedInAs", { email: operator.email })}</span>
          <span className="mx-2 text-neutral-400" aria-hidden="true">
            ·
          </span>
          <span data-testid="operator-role">{t("shell.role", { role: t(`roles.${operator.role}`) })}</span>
        </p>
        <Form method="post" action="/language" className="flex items-center">
          <input type="hidden" name="language" value={otherLocale(locale)} />
          <input type="hidden" name="back" value={pathname + search} />
          <button type="submit" lang={otherLocale(locale)} aria-label={`${t("shell.language")}: ${t("shell.switchLanguage")}`} className={`${target} border border-neutral-300 hover:bg-neutral-100 dark:border-neutral-700 dark:hover:bg-neutral-800`}>
            {t("shell.switchLanguage")}
          </button>
        </Form>
        <a href={signOut} className={`${target} underline-offset-4 hover:underline`}>
          {t("shell.signOut")}
        </a>
      </div>
    </header>
  );
}

function Navigation({ sections }: { sections: { path: string; label: MessageKey }[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("shell.navLabel")} className="border-b border-neutral-200 bg-white dark:border-neutral-800 dark:bg-neutral-900">
      <ul className="mx-auto flex max-w-7xl flex-wrap gap-1 px-4">
        {sections.map((section) => (
          <li key={section.path}>
            <NavLink
              to={section.path}
              className={({ isActive }) =>
                `${target} border-b-2 ${isActive ? "border-blue-700 font-semibold text-blue-800 dark:border-blue-400 dark:text-blue-300" : "border-transparent hover:bg-neutral-100 dark:hover:bg-neutral-800"}`
              }
            >
              {t(section.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useContext(NonceContext);
  const locale = data?.locale ?? "en";
  return (
    <html lang={locale === "zh" ? "zh-CN" : "en"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="robots" content="noindex" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-neutral-50 text-neutral-900 antialiased dark:bg-neutral-950 dark:text-neutral-100">
        {data ? (
          <I18nProvider locale={locale} messages={data.messages}>
            <a href="#content" className="sr-only focus:not-sr-only">
              {data.messages.shell.skipToContent}
            </a>
            <Header operator={data.operator} signOut={data.signOut} />
            <Navigation sections={data.sections} />
            <main id="content" className="mx-auto max-w-7xl px-6 py-6">
              {children}
            </main>
          </I18nProvider>
        ) : (
          <main className="mx-auto max-w-7xl px-6 py-6">{children}</main>
        )}
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
  const { t } = useTranslation();
  const data = useRouteLoaderData<typeof loader>("root");
  const message =
    isRouteErrorResponse(error) && error.status === 404
      ? t("errors.notFound")
      : isRouteErrorResponse(error) && typeof (error.data as { message?: unknown } | null)?.message === "string"
        ? (error.data as { message: string }).message
        : t("errors.unexpected", { reference: data?.reference ?? "-" });
  return (
    <section aria-labelledby="error-title">
      <h1 id="error-title" className="text-2xl font-semibold">
        {isRouteErrorResponse(error) && error.status === 404 ? t("errors.notFound") : t("errors.title")}
      </h1>
      {!(isRouteErrorResponse(error) && error.status === 404) && <p className="mt-2">{message}</p>}
    </section>
  );
}
