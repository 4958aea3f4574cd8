import { Status } from "#contract/codes.ts";
import { ApiError } from "#api/core/errors.ts";
import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { findSimCard } from "#api/repositories/sim-cards.ts";

const mbFormat = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const simcardDetails = operation(endpoints.simcardDetails, {
  readOnly: true,
  owner: "sim",
  readsFirst: ({ db, input }) => findSimCard(db, input.iccId),
  handle: async (_ctx, _input, card) => {
    if (!card) throw new ApiError(Status.notFound, "SIM card not found at the carrier", "sim_not_found");
    const remainHundredths = Math.max(0, card.total_mb * 100 - card.used_mb_hundredths);
    return {
      status: card.status,
      remain: mbFormat.format(remainHundredths / 100),
      cardInfo: { iccid: card.iccid, operator: card.operator, totalMb: card.total_mb, usedMb: card.used_mb_hundredths / 100 },
    };
  },
});
