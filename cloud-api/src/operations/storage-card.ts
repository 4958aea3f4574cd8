import { Status } from "#contract/codes.ts";
import { ApiError } from "#api/core/errors.ts";
import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import type { CardSelector } from "#api/repositories/service-cards.ts";
import { receivedPackages, refundCards } from "#api/services/cards.ts";

export const storageCardReceivedPackage = operation(endpoints.storageCardReceivedPackage, {
  readOnly: true,
  owner: "card",
  handle: async (ctx) => receivedPackages(ctx.env.DB, ctx.owned.device.id, "storage", ctx.language, ctx.owned.codeId),
});

export const storageCardRefund = operation(endpoints.storageCardRefund, {
  readOnly: false,
  owner: "card",
  handle: async (ctx, input) => {
    const { device, codeId } = ctx.owned;
    const received = await receivedPackages(ctx.env.DB, device.id, "storage", ctx.language, codeId); // 404 when it received none
    if (!codeId && input.packageId !== undefined && !received.packageInfoList.some((p) => p.id === input.packageId)) {
      throw new ApiError(Status.notFound, "no package of this id was received with a card on this device", "no_card_package");
    }
    const selector: CardSelector = codeId ? { codeId } : { deviceId: device.id, kind: "storage", packageId: input.packageId };
    const refunded = await refundCards(ctx.env.DB, selector);
    return { isRefunded: true, alreadyRefunded: !refunded };
  },
});
