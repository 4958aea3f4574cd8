import { ServiceType } from "#domain/services.ts";
import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { serviceState } from "#api/services/entitlements.ts";

export const aiInfo = operation(endpoints.aiInfo, {
  readOnly: true,
  owner: "device",
  readsFirst: ({ reads, input }) => serviceState(reads, input.deviceId, ServiceType.ai),
  handle: async (_ctx, _input, state) => ({ isOpenAi: state.active ? 1 : 0, durationStatus: state.durationStatus, aiExpireTimestamp: state.expiresAt }),
});
