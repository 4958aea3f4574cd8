import { z } from "zod";
import { defineOperation } from "../http/operation.ts";
import { packageOutput } from "../http/package-wire.ts";
import { deviceId } from "../http/schemas.ts";
import { receivedPackages } from "../services/cards.ts";
import { requireOwnedDevice } from "../services/ownership.ts";
import { readBesideCheck } from "../storage/beside-check.ts";

/** The refund-package response of spec §3, shared by the card calls below. */
export const receivedPackagesOutput = z.object({ isRefunded: z.boolean(), packageInfoList: z.array(packageOutput) });

export const receivedPackageInfo = defineOperation({
  method: "POST",
  path: "/v1/cloud/package/received/info",
  access: "user",
  summary: "Packages received on a device with VIP or storage cards (type 5 or 1 narrows it), and whether they are refunded",
  input: z.object({ deviceId, type: z.union([z.literal(1), z.literal(5)]).optional() }),
  output: receivedPackagesOutput,
  async handle(ctx, input) {
    const kind = input.type === undefined ? null : input.type === 5 ? "vip" : "storage";
    return (await readBesideCheck(requireOwnedDevice(ctx.env.DB, ctx.userId, input.deviceId), receivedPackages(ctx.env.DB, input.deviceId, kind, ctx.language)))[1];
  },
});
