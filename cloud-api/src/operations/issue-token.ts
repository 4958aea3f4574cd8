import { z } from "zod";
import { ApiError, Status } from "../http/envelope.ts";
import { defineOperation } from "../http/operation.ts";
import { findUserByAccount } from "../repositories/users.ts";
import { purchaseSignature } from "../services/checkout.ts";
import { issueSignIn, tokenSettings } from "../services/tokens.ts";

/**
 * Server to server: the companion app's backend, which holds the app secret, signs a user in and gets
 * the token pair, the device-listing token and the purchase signature that it puts in a launch link.
 */
export const issueToken = defineOperation({
  method: "POST",
  path: "/v1/member/user/s2s/token",
  access: "app",
  summary: "Issue a token pair for a signed-in user (companion app backend only)",
  input: z.object({ account: z.string().trim().min(1, "required").max(128) }),
  output: z.object({
    userId: z.number().int(),
    accessToken: z.string(),
    refreshToken: z.string(),
    tgAccessToken: z.string(),
    signature: z.string(),
    expiresIn: z.number().int(),
  }),
  async handle({ env }, { account }) {
    const user = await findUserByAccount(env.DB, account);
    if (!user) throw new ApiError(Status.notFound, "user not found");
    const settings = tokenSettings(env);
    const tokens = await issueSignIn(env.DB, user.id, settings);
    return { userId: user.id, ...tokens, signature: await purchaseSignature(env.APP_SECRET, user.id), expiresIn: settings.accessTtl };
  },
});
