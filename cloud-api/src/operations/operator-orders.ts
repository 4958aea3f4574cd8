import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { findOrders, orderRecord, refundByOperator, resendFulfilment, resolveCases, todayReport } from "#api/services/operator-orders.ts";
import { refundLimitsOf } from "#api/services/operators.ts";

/** The console's Today and Orders (issue 32 items 1 and 2); the router has checked the operator's role. */
export const operatorToday = operation(endpoints.operatorToday, {
  readOnly: true,
  owner: "none",
  handle: (ctx, input) => todayReport(ctx.env, input),
});

export const operatorOrderSearch = operation(endpoints.operatorOrderSearch, {
  readOnly: true,
  owner: "none",
  handle: (ctx, input) => findOrders(ctx.env, input, ctx.language),
});

export const operatorOrderDetail = operation(endpoints.operatorOrderDetail, {
  readOnly: true,
  owner: "none",
  handle: (ctx, input) => orderRecord(ctx.env, input.orderId, ctx.language),
});

export const operatorOrderRefund = operation(endpoints.operatorOrderRefund, {
  readOnly: false,
  owner: "none",
  handle: (ctx, input) => refundByOperator(ctx.env, ctx.operator, input.orderId, input.reason, refundLimitsOf(ctx.env, ctx.operator.role)),
});

export const operatorOrderResendFulfilment = operation(endpoints.operatorOrderResendFulfilment, {
  readOnly: false,
  owner: "none",
  handle: (ctx, input) => resendFulfilment(ctx.env, ctx.operator, input.orderId),
});

export const operatorOrderResolve = operation(endpoints.operatorOrderResolve, {
  readOnly: false,
  owner: "none",
  handle: (ctx, input) => resolveCases(ctx.env, ctx.operator, input.orderId, input.note),
});
