import { z } from "zod";
import { currencyForCountry, fromCents } from "#domain/money.ts";
import { nowSeconds } from "../http/clock.ts";
import { localize } from "../http/localize.ts";
import { defineOperation } from "../http/operation.ts";
import { countryCode, language, serviceType } from "../http/schemas.ts";
import { ApiError, Status } from "../http/envelope.ts";
import { listUserCoupons } from "../repositories/coupons.ts";

/** Expired coupons stay listed (as unusable) for this long, so that a buyer sees why one is gone. */
const EXPIRED_VISIBLE_SECONDS = 30 * 86400;

export const userCoupons = defineOperation({
  method: "GET",
  path: "/v1/cloud/coupon/user/list",
  access: "user",
  summary: "The user's coupons in the country's currency; status 0 usable, 2 expired. 429 past the lookup limit per user",
  input: z.object({ type: serviceType.optional(), countryCode: countryCode.optional(), language: language.optional() }),
  output: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      descrip: z.string(),
      useLimitAmount: z.number(),
      amount: z.number(),
      startTime: z.number().int(),
      expireTime: z.number().int(),
      couponCode: z.string(),
      status: z.number().int(),
      type: z.number().int(),
    }),
  ),
  async handle(ctx, input) {
    const now = nowSeconds();
    // The binding counts in memory near the buyer (cloud-api/wrangler.jsonc): no D1 write per view.
    const limited = ctx.env.COUPON_LOOKUP_LIMIT !== "off" && !(await ctx.env.COUPON_LOOKUPS.limit({ key: `coupons:user:${ctx.userId}` })).success;
    if (limited) {
      throw new ApiError(Status.rateLimited, "too many coupon lookups in a short time; try again in a minute");
    }
    const lang = input.language ?? ctx.language;
    const rows = await listUserCoupons(ctx.env.DB, {
      userId: ctx.userId,
      currency: currencyForCountry(input.countryCode ?? ctx.countryCode),
      serviceType: input.type ?? null,
      now,
      expiredSince: now - EXPIRED_VISIBLE_SECONDS,
    });
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
