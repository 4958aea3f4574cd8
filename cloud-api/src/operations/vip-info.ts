import { currencyForCountry, fromCents } from "#domain/money.ts";
import { ServiceType } from "#domain/services.ts";
import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { serviceState } from "#api/services/entitlements.ts";

export const vipInfo = operation(endpoints.vipInfo, {
  readOnly: true,
  owner: "device",
  readsFirst: ({ db, input, facts }) => serviceState(db, input.deviceId, ServiceType.vip, currencyForCountry(facts.countryCode)),
  handle: async (_ctx, _input, state) => ({
    isVip: state.active ? 1 : 0,
    durationStatus: state.durationStatus,
    vipExpireTimestamp: state.expiresAt,
    saveMoney: fromCents(state.savedCents),
  }),
});
