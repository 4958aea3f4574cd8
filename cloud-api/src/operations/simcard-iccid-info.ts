import { Status } from "#contract/codes.ts";
import { ApiError } from "#api/core/errors.ts";
import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { findSimCard } from "#api/repositories/sim-cards.ts";

export const simcardIccidInfo = operation(endpoints.simcardIccidInfo, {
  readOnly: true,
  owner: "device",
  handle: async (ctx) => {
    const device = ctx.owned;
    if (!device.iccid) throw new ApiError(Status.notFound, "this device has no SIM card", "device_has_no_sim");
    const card = await findSimCard(ctx.env.DB, device.iccid);
    if (!card) throw new ApiError(Status.notFound, "SIM card not found at the carrier", "sim_not_found");
    return { deviceId: device.id, iccId: card.iccid, operator: card.operator, status: card.status };
  },
});
