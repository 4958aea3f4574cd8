import { z } from "zod";
import { Status } from "#contract/codes.ts";
import { ApiError } from "#api/core/errors.ts";
import { defineOperation } from "../http/operation.ts";
import { deviceId } from "../http/schemas.ts";
import { findSimCard } from "../repositories/sim-cards.ts";
import { requireOwnedDevice } from "../services/ownership.ts";

export const simcardIccidInfo = defineOperation({
  method: "POST",
  path: "/v1/cloud/simcard/iccid/info",
  access: "user",
  summary: "The ICCID of a SIM device's card, with its carrier and state (404 when it has none)",
  input: z.object({ deviceId }),
  output: z.object({ deviceId: z.string(), iccId: z.string(), operator: z.string(), status: z.string() }),
  async handle(ctx, input) {
    const device = await requireOwnedDevice(ctx.env.DB, ctx.userId, input.deviceId);
    if (!device.iccid) throw new ApiError(Status.notFound, "this device has no SIM card", "device_has_no_sim");
    const card = await findSimCard(ctx.env.DB, device.iccid);
    if (!card) throw new ApiError(Status.notFound, "SIM card not found at the carrier", "sim_not_found");
    return { deviceId: device.id, iccId: card.iccid, operator: card.operator, status: card.status };
  },
});
