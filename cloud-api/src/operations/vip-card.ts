import { z } from "zod";
import { Status } from "#contract/codes.ts";
import { ApiError } from "#api/core/errors.ts";
import { defineOperation } from "../http/operation.ts";
import { countryCode, deviceId, deviceType, encryptCodeId } from "../http/schemas.ts";
import { receivedPackages, receiveCard, refundCards, requireCard } from "../services/cards.ts";
import { requireOwnedDevice } from "../services/ownership.ts";
import { receivedPackagesOutput } from "./received-package-info.ts";

export const vipCardReceive = defineOperation({
  method: "POST",
  path: "/v1/cloud/vip-card/receive",
  access: "user",
  summary: "Receive a VIP card's package for free on a chosen device (409 when the card was received already)",
  input: z.object({ deviceId, deviceType, encryptCodeId, countryCode: countryCode.optional() }),
  output: z.null(),
  async handle(ctx, input) {
    const device = await requireOwnedDevice(ctx.env.DB, ctx.userId, input.deviceId);
    if (device.device_type !== input.deviceType) throw new ApiError(Status.invalidParams, "invalid params: deviceType: does not match the device");
    await receiveCard(ctx.env, await requireCard(ctx.env.DB, "vip", input.encryptCodeId), device);
    return null;
  },
});

export const vipCardReceivedPackage = defineOperation({
  method: "POST",
  path: "/v1/cloud/vip-card/received/package",
  access: "user",
  summary: "The package a VIP card gave a device, and whether it was refunded",
  input: z.object({ deviceId, encryptCodeId, countryCode: countryCode.optional() }),
  output: receivedPackagesOutput,
  async handle(ctx, input) {
    await requireOwnedDevice(ctx.env.DB, ctx.userId, input.deviceId);
    await requireCard(ctx.env.DB, "vip", input.encryptCodeId);
    return receivedPackages(ctx.env.DB, input.deviceId, "vip", ctx.language, input.encryptCodeId);
  },
});

export const vipCardRefund = defineOperation({
  method: "POST",
  path: "/v1/cloud/vip-card/refund",
  access: "user",
  summary: "Cancel the package a VIP card gave a device; its period is revoked. A second refund changes nothing",
  input: z.object({ deviceId, encryptCodeId, countryCode: countryCode.optional() }),
  output: z.object({ isRefunded: z.boolean(), alreadyRefunded: z.boolean() }),
  async handle(ctx, input) {
    await requireOwnedDevice(ctx.env.DB, ctx.userId, input.deviceId);
    const card = await requireCard(ctx.env.DB, "vip", input.encryptCodeId);
    if (card.status === 0) throw new ApiError(Status.conflict, "card not received yet", "card_not_received");
    if (card.device_id !== input.deviceId) throw new ApiError(Status.forbidden, "the card was not received on this device", "card_on_other_device");
    const refunded = await refundCards(ctx.env.DB, { codeId: card.code_id });
    return { isRefunded: true, alreadyRefunded: !refunded };
  },
});
