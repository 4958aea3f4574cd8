import { currencyForCountry } from "#domain/money.ts";
import { periodBought } from "#domain/service-periods.ts";
import { nowSeconds } from "#api/core/clock.ts";
import * as endpoints from "#contract/endpoints.ts";
import { operationReadingFirst } from "#api/http/operation.ts";
import { lastEndTime } from "#api/repositories/entitlements.ts";
import { listPackages } from "#api/repositories/packages.ts";
import { findDevice } from "#api/repositories/devices.ts";
import { ownedDevice } from "#api/services/ownership.ts";

export const purchasePreview = operationReadingFirst(
  endpoints.purchasePreview,
  ({ db, input, facts }) =>
    Promise.all([findDevice(db, input.deviceId), listPackages(db, input.type, currencyForCountry(input.countryCode ?? facts.countryCode)), lastEndTime(db, input.deviceId, input.type)]),
  async (ctx, _input, [device, packages, lastEnd]) => {
    ownedDevice(device, ctx.userId);
    const now = nowSeconds();
    return { previews: packages.map((pkg) => ({ packageId: pkg.id, ...periodBought(lastEnd, now, pkg.period_days) })) };
  },
);
