import { currencyForCountry, fromCents } from "#domain/money.ts";
import { ServiceType } from "#domain/services.ts";
import * as endpoints from "#contract/endpoints.ts";
import { operationReadingFirst } from "#api/http/operation.ts";
import { serviceState } from "#api/services/entitlements.ts";
import { findDevice } from "#api/repositories/devices.ts";
import { ownedDevice } from "#api/services/ownership.ts";

export const vipInfo = operationReadingFirst(
  endpoints.vipInfo,
  ({ db, input, facts }) => Promise.all([findDevice(db, input.deviceId), serviceState(db, input.deviceId, ServiceType.vip, currencyForCountry(facts.countryCode))]),
  async (ctx, _input, [device, state]) => {
    ownedDevice(device, ctx.userId);
    return { isVip: state.active ? 1 : 0, durationStatus: state.durationStatus, vipExpireTimestamp: state.expiresAt, saveMoney: fromCents(state.savedCents) };
  },
);
