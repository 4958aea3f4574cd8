import { z } from "zod";

/** Field schemas shared by operations, so that a refusal names the field the same way everywhere. */
export const deviceId = z.string().trim().min(1, "required").max(64);
export const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, "must be a 2-letter country code")
  .transform((v) => v.toUpperCase());
export const language = z.string().trim().min(2).max(16);
export const serviceType = z.coerce.number().int().min(1).max(6);
export const iccId = z.string().trim().regex(/^\d{18,22}[A-Za-z]?$/, "must be an ICCID (18-22 digits)");
/** A wire amount: a number of yuan/dollars with at most 2 decimals. */
export const amount = z.number().nonnegative().multipleOf(0.01);

/** The input of the calls that ask about one service of one device (spec §7: package list, current package). */
export const deviceServiceQuery = z.object({ language: language.optional(), countryCode: countryCode.optional(), deviceId, type: serviceType });
