import { z } from "zod";

/**
 * Every answer of the cloud-api (docs/contract.md): a business status, a message, the data (null on a
 * refusal) and, on some refusals, the reason the buyer can be told (docs/decisions/022).
 */
export const envelope = z.object({ status: z.number().int(), msg: z.string().nullish(), data: z.unknown(), reason: z.string().nullish() });
