import { currencyForCountry } from "#domain/money.ts";
import { visiblePackages } from "#domain/packages.ts";
import { paymentTypesFor } from "#domain/services.ts";
import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { offeredPaymentTypes } from "../payments/index.ts";
import { packageToWire } from "#api/services/package-wire.ts";
import { listPackages } from "../repositories/packages.ts";
import { requireOwnedDevice } from "../services/ownership.ts";
import { readBesideCheck } from "#api/core/beside-check.ts";

export const packageList = operation(endpoints.packageList, async (ctx, input) => {
  const lang = input.language ?? ctx.language;
  const country = input.countryCode ?? ctx.countryCode;
  const [, rows] = await readBesideCheck(requireOwnedDevice(ctx.env.DB, ctx.userId, input.deviceId), listPackages(ctx.env.DB, input.type, currencyForCountry(country)));
  const wire = rows.map((row) => packageToWire(row, lang));
  const offered = offeredPaymentTypes(ctx.env);
  return {
    packageList: visiblePackages(wire, { serviceType: input.type, receiveServiceId: input.serviceId ?? null }),
    payMethods: paymentTypesFor(country).filter((method) => offered.includes(method)),
  };
});
