import { z } from "zod";
import { currencyForCountry } from "#domain/money.ts";
import { periodBought } from "#domain/service-periods.ts";
import { nowSeconds } from "../http/clock.ts";
import { defineOperation } from "../http/operation.ts";
import { deviceServiceQuery } from "../http/schemas.ts";
import { lastEndTime } from "../repositories/entitlements.ts";
import { listPackages } from "../repositories/packages.ts";
import { requireOwnedDevice } from "../services/ownership.ts";
import { readBesideCheck } from "../storage/beside-check.ts";

export const purchasePreview = defineOperation({
  method: "POST",
  path: "/v1/cloud/package/preview",
  access: "user",
  summary:
    "If the order were paid now: for each package of the service, the period it would grant on the device " +
    "(extendsCurrent when it queues after the period in use), by the rule fulfilment applies",
  input: deviceServiceQuery,
  output: z.object({
    previews: z.array(
      z.object({ packageId: z.number().int(), startTime: z.number().int(), endTime: z.number().int(), extendsCurrent: z.boolean() }),
    ),
  }),
  async handle(ctx, input) {
    const [, [packages, lastEnd]] = await readBesideCheck(
      requireOwnedDevice(ctx.env.DB, ctx.userId, input.deviceId),
      Promise.all([listPackages(ctx.env.DB, input.type, currencyForCountry(input.countryCode ?? ctx.countryCode)), lastEndTime(ctx.env.DB, input.deviceId, input.type)]),
    );
    const now = nowSeconds();
    return { previews: packages.map((pkg) => ({ packageId: pkg.id, ...periodBought(lastEnd, now, pkg.period_days) })) };
  },
});
