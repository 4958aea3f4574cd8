import { z } from "zod";
import { ApiError, Status } from "../http/envelope.ts";
import { defineOperation } from "../http/operation.ts";
import { countryCode, deviceId, deviceType, encryptCodeId } from "../http/schemas.ts";
import type { CardSelector } from "../repositories/service-cards.ts";
import { receivedPackages, refundCards, requireCard } from "../services/cards.ts";
import { requireOwnedDevice } from "../services/ownership.ts";
import { readBesideCheck } from "../storage/beside-check.ts";
import { receivedPackagesOutput } from "./received-package-info.ts";

const storageCardFields = z.object({
  deviceId: deviceId.optional(),
  encryptCodeId: encryptCodeId.optional(),
  deviceType: deviceType.optional(),
  countryCode: countryCode.optional(),
});

/** Spec §5: a chosen device or a scanned card (its code) names what to cancel. */
const namesDeviceOrCard = (input: { deviceId?: string | undefined; encryptCodeId?: string | undefined }) =>
  input.deviceId !== undefined || input.encryptCodeId !== undefined;
const DEVICE_OR_CARD = { path: ["deviceId"], message: "a device or a card code is required" };

/** The device and the cards a request names: a scanned card on whichever of the user's devices received it. */
async function cardsOf(db: D1Database, userId: number, input: z.output<typeof storageCardFields>) {
  if (input.encryptCodeId !== undefined) {
    const card = await requireCard(db, "storage", input.encryptCodeId);
    if (card.status === 0 || !card.device_id) throw new ApiError(Status.conflict, "card not received yet", "card_not_received");
    await requireOwnedDevice(db, userId, card.device_id);
    return { deviceId: card.device_id, codeId: card.code_id };
  }
  const device = await requireOwnedDevice(db, userId, input.deviceId ?? "");
  return { deviceId: device.id, codeId: undefined };
}

export const storageCardReceivedPackage = defineOperation({
  method: "POST",
  path: "/v1/cloud/storage-card/received/package",
  access: "user",
  summary: "Cloud storage packages received by scanning card codes, on a device or for one scanned card, and whether they are refunded (404: none)",
  input: storageCardFields.refine(namesDeviceOrCard, DEVICE_OR_CARD),
  output: receivedPackagesOutput,
  async handle(ctx, input) {
    if (input.encryptCodeId === undefined) {
      // A chosen device (the refund screen's view): its cards are read beside the ownership check.
      const deviceId = input.deviceId ?? "";
      return (await readBesideCheck(requireOwnedDevice(ctx.env.DB, ctx.userId, deviceId), receivedPackages(ctx.env.DB, deviceId, "storage", ctx.language)))[1];
    }
    const { deviceId: device, codeId } = await cardsOf(ctx.env.DB, ctx.userId, input);
    return receivedPackages(ctx.env.DB, device, "storage", ctx.language, codeId);
  },
});

export const storageCardRefund = defineOperation({
  method: "POST",
  path: "/v1/cloud/storage-card/refund",
  access: "user",
  summary:
    "Cancel storage packages received with cards: a scanned card's, or a device's (only those of packageId when given); " +
    "their periods are revoked. A second refund changes nothing",
  input: storageCardFields.extend({ packageId: z.number().int().positive().optional() }).refine(namesDeviceOrCard, DEVICE_OR_CARD),
  output: z.object({ isRefunded: z.boolean(), alreadyRefunded: z.boolean() }),
  async handle(ctx, input) {
    const { deviceId: device, codeId } = await cardsOf(ctx.env.DB, ctx.userId, input);
    await receivedPackages(ctx.env.DB, device, "storage", ctx.language, codeId); // 404 when it received none
    const selector: CardSelector = codeId ? { codeId } : { deviceId: device, kind: "storage", packageId: input.packageId };
    const refunded = await refundCards(ctx.env.DB, selector);
    return { isRefunded: true, alreadyRefunded: !refunded };
  },
});
