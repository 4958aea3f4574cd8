import { currencyForCountry } from "#domain/money.ts";
import { periodBought } from "#domain/service-periods.ts";
import { nowSeconds } from "#api/core/clock.ts";
import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { lastEndTime } from "#api/repositories/entitlements.ts";
import { catalogueRows } from "#api/services/catalogue-cache.ts";

export const purchasePreview = operation(endpoints.purchasePreview, {
  readOnly: true,
  owner: "device",
  readsFirst: ({ db, input, facts }) =>
    Promise.all([catalogueRows(db, input.type, currencyForCountry(input.countryCode ?? facts.countryCode)), lastEndTime(db, input.deviceId, input.type)]),
  handle: async (_ctx, _input, [packages, lastEnd]) => {
    const now = nowSeconds();
    return { previews: packages.map((pkg) => ({ packageId: pkg.id, ...periodBought(lastEnd, now, pkg.period_days) })) };
  },
});
