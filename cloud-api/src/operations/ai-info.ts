import { currencyForCountry } from "#domain/money.ts";
import { ServiceType } from "#domain/services.ts";
import * as endpoints from "#contract/endpoints.ts";
import { operationReadingFirst } from "#api/http/operation.ts";
import { serviceState } from "#api/services/entitlements.ts";
import { findDevice } from "#api/repositories/devices.ts";
import { ownedDevice } from "#api/services/ownership.ts";

export const aiInfo = operationReadingFirst(
  endpoints.aiInfo,
  ({ db, input, facts }) => Promise.all([findDevice(db, input.deviceId), serviceState(db, input.deviceId, ServiceType.ai, currencyForCountry(facts.countryCode))]),
  async (ctx, _input, [device, state]) => {
    ownedDevice(device, ctx.userId);
    return { isOpenAi: state.active ? 1 : 0, durationStatus: state.durationStatus, aiExpireTimestamp: state.expiresAt };
  },
);
