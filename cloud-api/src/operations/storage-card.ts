import { z } from "zod";
import { defineOperation } from "../http/operation.ts";
import { countryCode, deviceId, deviceType } from "../http/schemas.ts";
import { receivedPackages, refundCards } from "../services/cards.ts";
import { requireOwnedDevice } from "../services/ownership.ts";
import { receivedPackagesOutput } from "./received-package-info.ts";

const storageCardInput = z.object({ deviceId, deviceType: deviceType.optional(), countryCode: countryCode.optional() });

export const storageCardReceivedPackage = defineOperation({
  method: "POST",
  path: "/v1/cloud/storage-card/received/package",
  access: "user",
  summary: "Cloud storage packages received on a device by scanning card codes, and whether they are refunded (404: none)",
  input: storageCardInput,
  output: receivedPackagesOutput,
  async handle(ctx, input) {
    await requireOwnedDevice(ctx.env.DB, ctx.userId, input.deviceId);
    return receivedPackages(ctx.env.DB, input.deviceId, "storage", ctx.language);
  },
});

export const storageCardRefund = defineOperation({
  method: "POST",
  path: "/v1/cloud/storage-card/refund",
  access: "user",
  summary: "Cancel the storage packages a device received with cards; their periods are revoked. A second refund changes nothing",
  input: storageCardInput,
  output: z.object({ isRefunded: z.boolean(), alreadyRefunded: z.boolean() }),
  async handle(ctx, input) {
    await requireOwnedDevice(ctx.env.DB, ctx.userId, input.deviceId);
    await receivedPackages(ctx.env.DB, input.deviceId, "storage", ctx.language); // 404 when it received none
    const refunded = await refundCards(ctx.env.DB, { deviceId: input.deviceId, kind: "storage" });
    return { isRefunded: true, alreadyRefunded: !refunded };
  },
});
