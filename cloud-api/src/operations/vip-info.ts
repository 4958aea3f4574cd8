import { currencyForCountry, fromCents } from "#domain/money.ts";
import { ServiceType } from "#domain/services.ts";
import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { savedCents } from "#api/repositories/entitlements.ts";
import { serviceState } from "#api/services/entitlements.ts";

export const vipInfo = operation(endpoints.vipInfo, {
  readOnly: true,
  owner: "device",
  readsFirst: ({ db, reads, input, facts }) =>
    Promise.all([serviceState(reads, input.deviceId, ServiceType.vip), savedCents(db, input.deviceId, ServiceType.vip, currencyForCountry(facts.countryCode))]),
  handle: async (_ctx, _input, [state, saved]) => ({
    isVip: state.active ? 1 : 0,
    durationStatus: state.durationStatus,
    vipExpireTimestamp: state.expiresAt,
    saveMoney: fromCents(saved),
  }),
});
