import { RouterContextProvider } from "react-router";
import { withErrorReporting } from "#platform/error-reporting.ts";
import { describeError, log, tracedRequest } from "#platform/observability.ts";
import { isCrossOriginWrite, newNonce } from "#platform/web-security.ts";
import { cloudflareContext, localeContext, nonceContext, operatorContext } from "../context.ts";
import { accessVerifier, type AccessSettings } from "./access.ts";
import { signInOperator } from "./cloud-api.ts";
import { accessSettings, type ConsoleEnv } from "./env.ts";
import { requestLocale } from "./locale.ts";
import { ACCESS_SIGN_OUT, refusalPage } from "./pages.ts";
import { withConsoleHeaders } from "./security.ts";

export type RouteHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

/**
 * The console Worker: every request passes Cloudflare Access's JWT check and is signed in as an operator of the
 * cloud-api's table here, before React Router (and so any loader or action) sees it; anything else gets a page
 * that says why and nothing of the console. `fetchJwks` lets a test serve the team's keys.
 */
export function consoleWorker(handleRequest: RouteHandler, options: { fetchJwks?: typeof fetch } = {}) {
  const verifyAccess = accessVerifier(options.fetchJwks);

  async function serve(request: Request, env: ConsoleEnv, ctx: ExecutionContext): Promise<Response> {
    const locale = await requestLocale(request);
    let settings: AccessSettings;
    try {
      settings = accessSettings(env);
    } catch (error) {
      log("error", "console.misconfigured", { error: describeError(error) });
      return refusalPage({ status: 503, locale, title: "access.misconfiguredTitle", body: "access.misconfiguredBody" });
    }
    const access = await verifyAccess(request, settings);
    if (!access.ok) {
      log("warn", "access.refused", { reason: access.reason });
      return refusalPage({ status: 403, locale, title: "access.refusedTitle", body: "access.refusedBody", link: { href: "/", label: "access.signInAgain" } });
    }
    if (isCrossOriginWrite(request)) {
      return refusalPage({ status: 403, locale, title: "errors.title", body: "errors.crossSite", link: { href: "/", label: "nav.today" } });
    }
    let operator;
    try {
      operator = await signInOperator(env, access.email);
    } catch (error) {
      // The cloud-api did not say who this is (unreachable, or it failed): nothing of the console is shown.
      log("error", "access.sign-in-failed", { error: describeError(error) });
      return refusalPage({ status: 503, locale, title: "errors.title", body: "errors.unavailable", link: { href: "/", label: "access.signInAgain" } });
    }
    if (!operator) {
      log("warn", "access.not-an-operator", {});
      return refusalPage({ status: 403, locale, title: "access.notOperatorTitle", body: "access.notOperatorBody", values: { email: access.email }, link: { href: ACCESS_SIGN_OUT, label: "shell.signOut" } });
    }
    const context = new RouterContextProvider();
    context.set(cloudflareContext, { env, ctx });
    context.set(nonceContext, newNonce());
    context.set(localeContext, locale);
    context.set(operatorContext, operator);
    return withConsoleHeaders(await handleRequest(request, context));
  }

  return withErrorReporting("console", {
    fetch(request, env, ctx) {
      return tracedRequest("console", request, () => serve(request, env, ctx));
    },
  } satisfies ExportedHandler<ConsoleEnv>);
}
