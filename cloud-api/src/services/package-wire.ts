import { z } from "zod";
import { fromCents } from "#domain/money.ts";
import type { PackageRow } from "../repositories/packages.ts";
import { localize } from "#api/core/localize.ts";

/** A package as every call that lists packages answers it (spec §3 fields, names in the buyer's language). */
export const packageOutput = z.object({
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

export function packageToWire(row: PackageRow, lang: string): z.input<typeof packageOutput> {
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
