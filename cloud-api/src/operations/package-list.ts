import { z } from "zod";
import { currencyForCountry } from "#domain/money.ts";
import { visiblePackages } from "#domain/packages.ts";
import { paymentTypesFor } from "#domain/services.ts";
import { defineOperation } from "../http/operation.ts";
import { offeredPaymentTypes } from "../payments/index.ts";
import { packageOutput, packageToWire } from "../http/package-wire.ts";
import { deviceServiceQuery } from "../http/schemas.ts";
import { listPackages } from "../repositories/packages.ts";
import { requireOwnedDevice } from "../services/ownership.ts";
import { readBesideCheck } from "../storage/beside-check.ts";

export const packageList = defineOperation({
  method: "POST",
  path: "/v1/cloud/package/list",
  access: "user",
  summary:
    "Packages of a service type for a device in the country's currency, as spec §5 shows them: mobile data hides isGive, " +
    "other types keep isSale 1 (and, with serviceId, VIP receive mode, only that service), by displaySort",
  input: deviceServiceQuery.extend({ serviceId: z.number().int().positive().optional() }),
  output: z.object({
    packageList: z.array(packageOutput),
    /** The region's payment methods (spec §6) that this deployment takes money with; the others are not offered. */
    payMethods: z.array(z.number().int()),
  }),
  async handle(ctx, input) {
    const lang = input.language ?? ctx.language;
    const country = input.countryCode ?? ctx.countryCode;
    const [, rows] = await readBesideCheck(requireOwnedDevice(ctx.env.DB, ctx.userId, input.deviceId), listPackages(ctx.env.DB, input.type, currencyForCountry(country)));
    const wire = rows.map((row) => packageToWire(row, lang));
    const offered = offeredPaymentTypes(ctx.env);
    return {
      packageList: visiblePackages(wire, { serviceType: input.type, receiveServiceId: input.serviceId ?? null }),
      payMethods: paymentTypesFor(country).filter((method) => offered.includes(method)),
    };
  },
});
