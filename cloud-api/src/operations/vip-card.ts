import { Status } from "#contract/codes.ts";
import { ApiError } from "#api/core/errors.ts";
import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { receivedPackages, receiveCard, refundCards, requireCard } from "#api/services/cards.ts";

export const vipCardReceive = operation(endpoints.vipCardReceive, {
  readOnly: false,
  owner: "device",
  handle: async (ctx, input) => {
    const device = ctx.owned;
    if (device.device_type !== input.deviceType) throw new ApiError(Status.invalidParams, "invalid params: deviceType: does not match the device");
    await receiveCard(ctx.env, await requireCard(ctx.env, ctx.userId, "vip", input.encryptCodeId), device);
    return null;
  },
});

export const vipCardReceivedPackage = operation(endpoints.vipCardReceivedPackage, {
  readOnly: true,
  owner: "device",
  handle: async (ctx, input) => {
    const card = await requireCard(ctx.env, ctx.userId, "vip", input.encryptCodeId);
    return receivedPackages(ctx.env.DB, input.deviceId, "vip", ctx.language, card.code_id);
  },
});

export const vipCardRefund = operation(endpoints.vipCardRefund, {
  readOnly: false,
  owner: "device",
  handle: async (ctx, input) => {
    const card = await requireCard(ctx.env, ctx.userId, "vip", input.encryptCodeId);
    if (card.status === 0) throw new ApiError(Status.conflict, "card not received yet", "card_not_received");
    if (card.device_id !== input.deviceId) throw new ApiError(Status.forbidden, "the card was not received on this device", "card_on_other_device");
    const refunded = await refundCards(ctx.env.DB, { codeId: card.code_id });
    return { isRefunded: true, alreadyRefunded: !refunded };
  },
});
