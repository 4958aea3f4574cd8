import { z } from "zod";
import { ApiError, Status } from "../http/envelope.ts";
import { defineOperation } from "../http/operation.ts";
import { iccId } from "../http/schemas.ts";
import { findSimCard } from "../repositories/sim-cards.ts";
import { requireOwnedSim } from "../services/ownership.ts";
import { readBesideCheck } from "../storage/beside-check.ts";

const mbFormat = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const simcardDetails = defineOperation({
  method: "POST",
  path: "/v1/cloud/simcard/details",
  access: "user",
  summary: "The carrier's state of a SIM card: status, remaining data (MB text) and card info",
  input: z.object({ iccId }),
  output: z.object({
    status: z.string(),
    remain: z.string(),
    cardInfo: z.object({ iccid: z.string(), operator: z.string(), totalMb: z.number(), usedMb: z.number() }),
  }),
  async handle(ctx, input) {
    const [, card] = await readBesideCheck(requireOwnedSim(ctx.env.DB, ctx.userId, input.iccId), findSimCard(ctx.env.DB, input.iccId));
    if (!card) throw new ApiError(Status.notFound, "SIM card not found at the carrier", "sim_not_found");
    const remainHundredths = Math.max(0, card.total_mb * 100 - card.used_mb_hundredths);
    return {
      status: card.status,
      remain: mbFormat.format(remainHundredths / 100),
      cardInfo: { iccid: card.iccid, operator: card.operator, totalMb: card.total_mb, usedMb: card.used_mb_hundredths / 100 },
    };
  },
});
