import { currencyForCountry, fromCents } from "#domain/money.ts";
import { nowSeconds } from "#api/core/clock.ts";
import { localize } from "#api/core/localize.ts";
import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { listCouponsOfToken } from "#api/repositories/coupons.ts";
import { limitLookups } from "#api/services/lookup-limits.ts";

/** Expired coupons stay listed (as unusable) for this long, so that a buyer sees why one is gone. */
const EXPIRED_VISIBLE_SECONDS = 30 * 86400;

export const userCoupons = operation(endpoints.userCoupons, {
  readOnly: true,
  // The caller's own coupons, found by the token's hash.
  owner: "none",
  // On the primary, as the token itself is looked up: a token minted a moment ago names its user there.
  readsFirst: ({ primary, input, tokenHash, facts }) => {
    const now = nowSeconds();
    return listCouponsOfToken(primary, {
      tokenHash,
      currency: currencyForCountry(input.countryCode ?? facts.countryCode),
      serviceType: input.type ?? null,
      now,
      expiredSince: now - EXPIRED_VISIBLE_SECONDS,
    });
  },
  handle: async (ctx, input, rows) => {
    await limitLookups(ctx.env, ctx.env.COUPON_LOOKUPS, `coupons:user:${ctx.userId}`, "coupon lookups");
    const now = nowSeconds();
    const lang = input.language ?? ctx.language;
    return rows.map((row) => ({
      id: row.id,
      name: localize(row.name, lang),
      descrip: localize(row.descrip, lang),
      useLimitAmount: fromCents(row.use_limit_amount_cents),
      amount: fromCents(row.amount_cents),
      startTime: row.start_time,
      expireTime: row.expire_time,
      couponCode: row.coupon_code,
      status: row.expire_time < now ? 2 : 0,
      type: row.type,
    }));
  },
});
