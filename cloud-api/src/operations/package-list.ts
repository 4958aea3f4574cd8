import { currencyForCountry } from "#domain/money.ts";
import { visiblePackages } from "#domain/packages.ts";
import { paymentTypesFor } from "#domain/payment-methods.ts";
import { isSoldFor } from "#domain/services.ts";
import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { offeredPaymentTypes } from "#api/payments/configuration.ts";
import { packageToWire } from "#api/services/package-wire.ts";
import { catalogueRows } from "#api/services/catalogue-cache.ts";

export const packageList = operation(endpoints.packageList, {
  readOnly: true,
  owner: "device",
  readsFirst: ({ reads, input, facts }) => catalogueRows(reads, input.type, currencyForCountry(input.countryCode ?? facts.countryCode)),
  handle: async (ctx, input, rows) => {
    const lang = input.language ?? ctx.language;
    const country = input.countryCode ?? ctx.countryCode;
    // A package for one kind of device is listed to that kind only (the checkout refuses it to the other).
    const wire = rows.filter((row) => row.device_type === null || row.device_type === ctx.owned.device_type).map((row) => packageToWire(row, lang));
    const offered = offeredPaymentTypes(ctx.env);
    return {
      // A service the device cannot have lists nothing: the checkout would refuse it.
      packageList: isSoldFor(input.type, ctx.owned.device_type) ? visiblePackages(wire, { serviceType: input.type, receiveServiceId: input.serviceId ?? null }) : [],
      payMethods: paymentTypesFor(country).filter((method) => offered.includes(method)),
    };
  },
});
