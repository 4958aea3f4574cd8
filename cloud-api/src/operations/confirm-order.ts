import { z } from "zod";
import { defineOperation } from "../http/operation.ts";
import { amount, countryCode, deviceId, language, paymentStartOutput, paymentType, serviceType } from "../http/schemas.ts";
import { confirmOrder } from "../services/checkout.ts";

const confirmInput = z.object({
  deviceId,
  deviceType: z.number().int().min(1).max(2).optional(),
  serviceId: z.number().int().positive().optional(),
  priceId: z.number().int().positive(),
  payAmount: amount,
  payMethod: paymentType,
  buyServiceType: serviceType,
  language: language.optional(),
  countryCode: countryCode.optional(),
  couponId: z.number().int().positive().nullable().optional(),
  couponCode: z.string().trim().max(64).nullable().optional(),
});

/** Spec §5: without a launch signature the storefront confirms with v2, otherwise (and for card) with v3. */
export const confirmOrderV2 = defineOperation({
  method: "POST",
  path: "/v1/cloud/order/h5/confirm/v2",
  access: "user",
  summary: "Create an order (8001) for a package and an optional coupon, and start its payment",
  input: confirmInput,
  output: paymentStartOutput,
  handle: (ctx, input) => confirmOrder(ctx.env, ctx.userId, ctx, input),
});

export const confirmOrderV3 = defineOperation({
  method: "POST",
  path: "/v1/cloud/order/h5/confirm/v3",
  access: "user",
  summary: "As v2, also carrying the launch payload's purchase signature, which must belong to the token's user",
  input: confirmInput.extend({ signature: z.string().trim().max(256).optional() }),
  output: paymentStartOutput,
  handle: (ctx, input) => confirmOrder(ctx.env, ctx.userId, ctx, input),
});
