import { localize } from "#api/core/localize.ts";
import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { listOrdersOfDevice } from "#api/repositories/orders.ts";

export const orderList = operation(endpoints.orderList, {
  readOnly: true,
  owner: "device",
  readsFirst: ({ db, input }) =>
    listOrdersOfDevice(db, { deviceId: input.deviceId, serviceType: input.type, offset: (input.pageNum - 1) * input.pageSize, limit: input.pageSize }),
  handle: async (ctx, _input, rows) => {
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
