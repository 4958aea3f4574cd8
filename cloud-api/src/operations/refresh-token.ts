import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { refreshTokens, tokenSettings } from "#api/services/tokens.ts";

export const refreshToken = operation(endpoints.refreshToken, {
  readOnly: false,
  owner: "none",
  handle: async ({ env }, { js_refreshToken }) => {
    const settings = tokenSettings(env);
    const pair = await refreshTokens(env.DB, js_refreshToken, settings);
    return { js_accessToken: pair.accessToken, js_refreshToken: pair.refreshToken, expiresIn: settings.accessTtl };
  },
});
