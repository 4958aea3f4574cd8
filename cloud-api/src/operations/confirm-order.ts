import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { confirmOrder } from "../services/checkout.ts";

/** Spec §5: without a launch signature the storefront confirms with v2, otherwise (and for card) with v3. */
export const confirmOrderV2 = operation(endpoints.confirmOrderV2, (ctx, input) => confirmOrder(ctx.env, ctx.userId, ctx, input));

export const confirmOrderV3 = operation(endpoints.confirmOrderV3, (ctx, input) => confirmOrder(ctx.env, ctx.userId, ctx, input));
