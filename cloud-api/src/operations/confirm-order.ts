import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { confirmOrder } from "#api/services/checkout.ts";

export const confirmOrderV2 = operation(endpoints.confirmOrderV2, (ctx, input) => confirmOrder(ctx.env, ctx.userId, ctx, input));

export const confirmOrderV3 = operation(endpoints.confirmOrderV3, (ctx, input) => confirmOrder(ctx.env, ctx.userId, ctx, input));
