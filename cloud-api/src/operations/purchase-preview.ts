import { currencyForCountry } from "#domain/money.ts";
import { periodBought } from "#domain/service-periods.ts";
import { nowSeconds } from "#api/core/clock.ts";
import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { catalogueRows } from "#api/services/catalogue-cache.ts";
import { lastEndOf, servicePeriods } from "#api/services/entitlements.ts";

export const purchasePreview = operation(endpoints.purchasePreview, {
  readOnly: true,
  owner: "device",
  readsFirst: ({ reads, input, facts }) =>
    Promise.all([catalogueRows(reads, input.type, currencyForCountry(input.countryCode ?? facts.countryCode)), servicePeriods(reads, input.deviceId, input.type)]),
  handle: async (_ctx, _input, [packages, periods]) => {
    const lastEnd = lastEndOf(periods);
    const now = nowSeconds();
    return { previews: packages.map((pkg) => ({ packageId: pkg.id, ...periodBought(lastEnd, now, pkg.period_days) })) };
  },
});
