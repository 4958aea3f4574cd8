import { localize } from "#api/core/localize.ts";
import * as endpoints from "#contract/endpoints.ts";
import { operationReadingFirst } from "#api/http/operation.ts";
import { listOrdersOfDevice } from "#api/repositories/orders.ts";
import { findDevice } from "#api/repositories/devices.ts";
import { ownedDevice } from "#api/services/ownership.ts";

export const orderList = operationReadingFirst(
  endpoints.orderList,
  ({ db, input }) =>
    Promise.all([
      findDevice(db, input.deviceId),
      listOrdersOfDevice(db, { deviceId: input.deviceId, serviceType: input.type, offset: (input.pageNum - 1) * input.pageSize, limit: input.pageSize }),
    ]),
  async (ctx, _input, [device, rows]) => {
    ownedDevice(device, ctx.userId);
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
);
