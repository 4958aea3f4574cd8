import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { listOperators } from "#api/repositories/operators.ts";
import { createOperator, operatorView, updateOperator } from "#api/services/operators.ts";

export const operatorList = operation(endpoints.operatorList, {
  // Read on the primary: the versions an admin's next edit names must not come from a replica behind the last edit.
  readOnly: false,
  owner: "none",
  handle: async ({ env }) => ({ operators: (await listOperators(env.DB)).map(operatorView) }),
});

export const operatorCreate = operation(endpoints.operatorCreate, {
  readOnly: false,
  owner: "none",
  handle: async ({ env, operator }, input) => createOperator(env.DB, operator, input),
});

export const operatorUpdate = operation(endpoints.operatorUpdate, {
  readOnly: false,
  owner: "none",
  handle: async ({ env, operator }, input) => updateOperator(env.DB, operator, input),
});
