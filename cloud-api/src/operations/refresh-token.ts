import { z } from "zod";
import { defineOperation } from "../http/operation.ts";
import { refreshTokens, tokenSettings } from "../services/tokens.ts";

export const refreshToken = defineOperation({
  method: "POST",
  path: "/v1/member/user/h5/refresh_token",
  access: "app",
  summary: "Rotate a refresh token into a new access and refresh token pair",
  input: z.object({ js_refreshToken: z.string().min(1, "required").max(256) }),
  output: z.object({ js_accessToken: z.string(), js_refreshToken: z.string(), expiresIn: z.number().int() }),
  async handle({ env }, { js_refreshToken }) {
    const settings = tokenSettings(env);
    const pair = await refreshTokens(env.DB, js_refreshToken, settings);
    return { js_accessToken: pair.accessToken, js_refreshToken: pair.refreshToken, expiresIn: settings.accessTtl };
  },
});
