import { data, type RouterContextProvider } from "react-router";
import { httpStatusOf, Status, type BusinessStatus } from "#contract/codes.ts";
import { localeContext } from "../context.ts";
import type { Translate } from "../i18n.ts";
import { getOperator, OperatorApiError, type OperatorSession } from "./cloud-api.ts";
import { translatorFor } from "./locale.ts";

/**
 * What the operator reads when the cloud-api refused their call: their role may not (roleTooLow), the conflict's own
 * message (409: who changed it and when), what was not accepted (400), or that it did not answer. Null for any
 * other error, which the error boundary reports with its reference.
 */
export function operatorApiMessage(error: unknown, t: Translate, operator: Pick<OperatorSession, "role">): string | null {
  if (!(error instanceof OperatorApiError)) return null;
  if (error.status === "unavailable") return t("errors.unavailable");
  if (error.status === Status.roleTooLow) return t("errors.forbidden", { role: t(`roles.${operator.role}`) });
  if (error.status === Status.conflict) return error.upstreamMessage;
  if (error.status === Status.invalidParams) return t("errors.invalid", { detail: error.upstreamMessage });
  return null;
}

/**
 * Runs a loader's or action's calls; a refusal the operator can act on becomes the page's error in their language
 * (thrown data `{ message }` with the refusal's HTTP status, which the root error boundary shows), anything else is
 * rethrown to be reported. An action that shows a refusal beside its form uses operatorApiMessage itself.
 */
export async function withOperatorMessages<T>(context: Readonly<RouterContextProvider>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const message = operatorApiMessage(error, translatorFor(context.get(localeContext)), getOperator(context));
    if (message === null || !(error instanceof OperatorApiError)) throw error;
    throw data({ message }, { status: error.status === "unavailable" ? 503 : httpStatusOf(error.status as BusinessStatus) });
  }
}
