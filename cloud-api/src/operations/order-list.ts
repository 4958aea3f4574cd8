import { z } from "zod";
import { localize } from "../http/localize.ts";
import { defineOperation } from "../http/operation.ts";
import { deviceId, serviceType } from "../http/schemas.ts";
import { listOrdersOfDevice } from "../repositories/orders.ts";
import { requireOwnedDevice } from "../services/ownership.ts";
import { readBesideCheck } from "../storage/beside-check.ts";

export const orderList = defineOperation({
  method: "POST",
  path: "/v1/cloud/order/query/srv/order/list",
  access: "user",
  summary: "A device's orders of a service type, newest first; pageNum from 1, pageSize 5; an empty page ends the list",
  input: z.object({
    deviceId,
    type: serviceType,
    pageNum: z.number().int().min(1).max(10_000),
    pageSize: z.number().int().min(1).max(50).default(5),
  }),
  output: z.object({
    orderList: z.array(
      z.object({
        orderId: z.string(),
        serviceName: z.string(),
        status: z.number().int(),
        paymentType: z.number().int(),
        period: z.number().int(),
        createTime: z.number().int(),
        paymentTime: z.number().int().nullable(),
        realPayPrice: z.number(),
        currencyUint: z.string(),
      }),
    ),
  }),
  async handle(ctx, input) {
    const [, rows] = await readBesideCheck(
      requireOwnedDevice(ctx.env.DB, ctx.userId, input.deviceId),
      listOrdersOfDevice(ctx.env.DB, {
        deviceId: input.deviceId,
        serviceType: input.type,
        offset: (input.pageNum - 1) * input.pageSize,
        limit: input.pageSize,
      }),
    );
    return {
      orderList: rows.map((order) => ({
        orderId: order.order_id,
        serviceName: localize(order.service_name, ctx.language),
        status: order.status,
        paymentType: order.payment_type,
        period: order.period_days,
        createTime: order.created_at,
        paymentTime: order.paid_at,
        realPayPrice: order.pay_cents / 100,
        currencyUint: order.currency_code,
      })),
    };
  },
});
