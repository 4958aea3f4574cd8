import { Status } from "#contract/codes.ts";
import type { Translate } from "../i18n.ts";
import { OperatorApiError, type OperatorSession } from "./cloud-api.ts";

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
