import { currencyForCountry, fromCents } from "#domain/money.ts";
import { ServiceType } from "#domain/services.ts";
import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { serviceState } from "../services/entitlements.ts";
import { requireOwnedDevice } from "../services/ownership.ts";
import { readBesideCheck } from "#api/core/beside-check.ts";

export const vipInfo = operation(endpoints.vipInfo, async (ctx, input) => {
  const [, state] = await readBesideCheck(requireOwnedDevice(ctx.env.DB, ctx.userId, input.deviceId), serviceState(ctx.env.DB, input.deviceId, ServiceType.vip, currencyForCountry(ctx.countryCode)));
  return { isVip: state.active ? 1 : 0, durationStatus: state.durationStatus, vipExpireTimestamp: state.expiresAt, saveMoney: fromCents(state.savedCents) };
});
