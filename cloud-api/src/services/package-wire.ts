import type { z } from "zod";
import type { packageList } from "#contract/endpoints.ts";
import { fromCents } from "#domain/money.ts";
import type { PackageRow } from "#api/repositories/packages.ts";
import { localize } from "#api/core/localize.ts";

/** A package as every call that lists packages answers it (product-rules §3 fields, names in the buyer's language). */
export function packageToWire(row: PackageRow, lang: string): z.input<typeof packageList.output>["packageList"][number] {
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
    recordingDays: row.recording_days,
  };
}
