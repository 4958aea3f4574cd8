import { z } from "zod";
import { currencyForCountry, fromCents } from "../../../domain/money.ts";
import { visiblePackages } from "../../../domain/packages.ts";
import { localize } from "../http/localize.ts";
import { defineOperation } from "../http/operation.ts";
import { deviceServiceQuery } from "../http/schemas.ts";
import { listPackages, type PackageRow } from "../repositories/packages.ts";
import { requireOwnedDevice } from "../services/ownership.ts";

const packageOutput = z.object({
  id: z.number().int(),
  serviceId: z.number().int(),
  productId: z.string(),
  serviceName: z.string(),
  serviceDesc: z.string(),
  topTag: z.string(),
  originPrice: z.number(),
  salePrice: z.number(),
  currencyCode: z.string(),
  isGive: z.number().int(),
  isSale: z.number().int(),
  displaySort: z.number().int(),
  period: z.number().int(),
  dataQuotaMb: z.number().int().nullable(),
  isUnlimited: z.number().int(),
});

function packageToWire(row: PackageRow, lang: string): z.input<typeof packageOutput> {
  return {
    id: row.id,
    serviceId: row.service_id,
    productId: row.product_id,
    serviceName: localize(row.service_name, lang),
    serviceDesc: localize(row.service_desc, lang),
    topTag: localize(row.top_tag, lang),
    originPrice: fromCents(row.origin_price_cents),
    salePrice: fromCents(row.sale_price_cents),
    currencyCode: row.currency_code,
    isGive: row.is_give,
    isSale: row.is_sale,
    displaySort: row.display_sort,
    period: row.period_days,
    dataQuotaMb: row.data_quota_mb,
    isUnlimited: row.is_unlimited,
  };
}

export const packageList = defineOperation({
  method: "POST",
  path: "/v1/cloud/package/list",
  access: "user",
  summary:
    "Packages of a service type for a device in the country's currency, as spec §5 shows them: mobile data hides isGive, " +
    "other types keep isSale 1 (and, with serviceId, VIP receive mode, only that service), by displaySort",
  input: deviceServiceQuery.extend({ serviceId: z.number().int().positive().optional() }),
  output: z.object({ packageList: z.array(packageOutput) }),
  async handle(ctx, input) {
    await requireOwnedDevice(ctx.env.DB, ctx.userId, input.deviceId);
    const lang = input.language ?? ctx.language;
    const rows = await listPackages(ctx.env.DB, input.type, currencyForCountry(input.countryCode ?? ctx.countryCode));
    const wire = rows.map((row) => packageToWire(row, lang));
    return { packageList: visiblePackages(wire, { serviceType: input.type, receiveServiceId: input.serviceId ?? null }) };
  },
});
