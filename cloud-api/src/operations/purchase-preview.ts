import { currencyForCountry } from "#domain/money.ts";
import { periodBought } from "#domain/service-periods.ts";
import { nowSeconds } from "#api/core/clock.ts";
import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { lastEndTime } from "../repositories/entitlements.ts";
import { listPackages } from "../repositories/packages.ts";
import { requireOwnedDevice } from "../services/ownership.ts";
import { readBesideCheck } from "#api/core/beside-check.ts";

export const purchasePreview = operation(endpoints.purchasePreview, async (ctx, input) => {
  const [, [packages, lastEnd]] = await readBesideCheck(
    requireOwnedDevice(ctx.env.DB, ctx.userId, input.deviceId),
    Promise.all([listPackages(ctx.env.DB, input.type, currencyForCountry(input.countryCode ?? ctx.countryCode)), lastEndTime(ctx.env.DB, input.deviceId, input.type)]),
  );
  const now = nowSeconds();
  return { previews: packages.map((pkg) => ({ packageId: pkg.id, ...periodBought(lastEnd, now, pkg.period_days) })) };
});
