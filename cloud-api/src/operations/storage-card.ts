import { z } from "zod";
import { Status } from "#contract/codes.ts";
import { ApiError } from "#api/core/errors.ts";
import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import type { CardSelector } from "#api/repositories/service-cards.ts";
import { receivedPackages, refundCards, requireCard } from "#api/services/cards.ts";
import { requireOwnedDevice } from "#api/services/ownership.ts";
import { readBesideCheck } from "#api/core/beside-check.ts";
import type { CloudApiEnv } from "#api/env.ts";

/** The device and the cards a request names: a scanned card on whichever of the user's devices received it. */
async function cardsOf(env: CloudApiEnv, userId: number, input: z.output<typeof endpoints.storageCardRefund.input>) {
  const db = env.DB;
  if (input.encryptCodeId !== undefined) {
    const card = await requireCard(env, userId, "storage", input.encryptCodeId);
    if (card.status === 0 || !card.device_id) throw new ApiError(Status.conflict, "card not received yet", "card_not_received");
    await requireOwnedDevice(db, userId, card.device_id);
    // A request that names a device as well speaks of that device: a card received on another is none of its.
    if (input.deviceId !== undefined && input.deviceId !== card.device_id) throw new ApiError(Status.notFound, "no package was received with this card on this device", "no_card_package");
    return { deviceId: card.device_id, codeId: card.code_id };
  }
  const device = await requireOwnedDevice(db, userId, input.deviceId ?? "");
  return { deviceId: device.id, codeId: undefined };
}

export const storageCardReceivedPackage = operation(endpoints.storageCardReceivedPackage, async (ctx, input) => {
  if (input.encryptCodeId === undefined) {
    // A chosen device (the refund screen's view): its cards are read beside the ownership check.
    const deviceId = input.deviceId ?? "";
    return (await readBesideCheck(requireOwnedDevice(ctx.env.DB, ctx.userId, deviceId), receivedPackages(ctx.env.DB, deviceId, "storage", ctx.language)))[1];
  }
  const { deviceId: device, codeId } = await cardsOf(ctx.env, ctx.userId, input);
  return receivedPackages(ctx.env.DB, device, "storage", ctx.language, codeId);
});

export const storageCardRefund = operation(endpoints.storageCardRefund, async (ctx, input) => {
  const { deviceId: device, codeId } = await cardsOf(ctx.env, ctx.userId, input);
  const received = await receivedPackages(ctx.env.DB, device, "storage", ctx.language, codeId); // 404 when it received none
  if (!codeId && input.packageId !== undefined && !received.packageInfoList.some((p) => p.id === input.packageId)) {
    throw new ApiError(Status.notFound, "no package of this id was received with a card on this device", "no_card_package");
  }
  const selector: CardSelector = codeId ? { codeId } : { deviceId: device, kind: "storage", packageId: input.packageId };
  const refunded = await refundCards(ctx.env.DB, selector);
  return { isRefunded: true, alreadyRefunded: !refunded };
});
