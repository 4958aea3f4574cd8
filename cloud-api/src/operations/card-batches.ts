import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { batchCsv, batchDetail, batchPage, createBatch, revokeCard } from "#api/services/card-batches.ts";

export const cardBatchList = operation(endpoints.cardBatchList, {
  readOnly: true,
  owner: "none",
  handle: async ({ env, language }, input) => batchPage(env.DB, input.before, language),
});

export const cardBatchDetail = operation(endpoints.cardBatchDetail, {
  readOnly: true,
  owner: "none",
  handle: async ({ env, language }, input) => batchDetail(env, input.batchId, input.after, language),
});

export const cardBatchCodes = operation(endpoints.cardBatchCodes, {
  readOnly: true,
  owner: "none",
  handle: async ({ env }, input) => batchCsv(env, input.batchId),
});

export const cardBatchCreate = operation(endpoints.cardBatchCreate, {
  readOnly: false,
  owner: "none",
  handle: async ({ env, operator, language }, input) => createBatch(env, operator, input, language),
});

export const cardBatchRevoke = operation(endpoints.cardBatchRevoke, {
  readOnly: false,
  owner: "none",
  handle: async ({ env, operator }, input) => revokeCard(env, operator, input),
});
