import { data, type RouterContextProvider } from "react-router";
import { roleAllows } from "#contract/operator.ts";
import { LANGUAGES } from "#domain/languages.ts";
import { getOperator } from "./cloud-api.ts";
import { operatorApiMessage } from "./errors.ts";
import { translatorFor } from "./locale.ts";
import { localeContext } from "../context.ts";
import type { LanguageLabel } from "../components/package-form.tsx";

/** What every package page needs of the request: the operator's language, its strings, and whether they may edit. */
export function packagePageContext(context: Readonly<RouterContextProvider>) {
  const locale = context.get(localeContext);
  const operator = getOperator(context);
  return { locale, t: translatorFor(locale), operator, canEdit: roleAllows(operator.role, "admin") };
}

/** The catalogue's languages as the form labels them, in the operator's language with the code: "Arabic (ar)". */
export function languageLabels(locale: string): LanguageLabel[] {
  const names = new Intl.DisplayNames([locale], { type: "language" });
  return LANGUAGES.map((code) => ({ code, label: `${names.of(code) ?? code} (${code})` }));
}

/**
 * A package action only an admin may take: a viewer's or support agent's post (a forged one: they have no form) is
 * refused with 403 before the cloud-api is asked, which would refuse it too.
 */
export function requireEditor(context: Readonly<RouterContextProvider>) {
  const page = packagePageContext(context);
  if (!page.canEdit) throw data({ message: page.t("errors.forbidden", { role: page.t(`roles.${page.operator.role}`) }) }, { status: 403 });
  return page;
}

/**
 * Calls an operator endpoint for an action; a refusal the operator can act on (403, 409, 400) is their message,
 * anything else the error boundary's.
 */
export async function attempt<T>(context: Readonly<RouterContextProvider>, call: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; message: string; status: number | "unavailable" }> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    const { t, operator } = packagePageContext(context);
    const message = operatorApiMessage(error, t, operator);
    if (message === null) throw error;
    return { ok: false, message, status: (error as { status: number | "unavailable" }).status };
  }
}
