import { Status } from "#contract/codes.ts";
import { ApiError } from "#api/core/errors.ts";
import * as endpoints from "#contract/endpoints.ts";
import { operationReadingFirst } from "#api/http/operation.ts";
import { findSimCard } from "#api/repositories/sim-cards.ts";
import { findDeviceByIccid } from "#api/repositories/devices.ts";
import { ownedSim } from "#api/services/ownership.ts";

const mbFormat = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const simcardDetails = operationReadingFirst(
  endpoints.simcardDetails,
  ({ db, input }) => Promise.all([findDeviceByIccid(db, input.iccId), findSimCard(db, input.iccId)]),
  async (ctx, _input, [device, card]) => {
    ownedSim(device, ctx.userId);
    if (!card) throw new ApiError(Status.notFound, "SIM card not found at the carrier", "sim_not_found");
    const remainHundredths = Math.max(0, card.total_mb * 100 - card.used_mb_hundredths);
    return {
      status: card.status,
      remain: mbFormat.format(remainHundredths / 100),
      cardInfo: { iccid: card.iccid, operator: card.operator, totalMb: card.total_mb, usedMb: card.used_mb_hundredths / 100 },
    };
  },
);
