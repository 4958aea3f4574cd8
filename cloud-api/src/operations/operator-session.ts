import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { refundLimitsOf } from "#api/services/operators.ts";

export const operatorSession = operation(endpoints.operatorSession, {
  readOnly: true,
  owner: "none",
  handle: async ({ env, operator }) => ({ email: operator.email, role: operator.role, name: operator.name, refundLimits: refundLimitsOf(env, operator.role) }),
});
