import { Status } from "#contract/codes.ts";
import { ApiError } from "#api/core/errors.ts";
import { S2S_REFUSAL } from "#api/http/signature.ts";
import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { findUserByAccount } from "#api/repositories/users.ts";
import { purchaseSignature } from "#api/services/checkout.ts";
import { issueSignIn, tokenSettings } from "#api/services/tokens.ts";

export const issueToken = operation(endpoints.issueToken, {
  readOnly: false,
  owner: "none",
  handle: async ({ env }, { account }) => {
    const user = await findUserByAccount(env.DB, account);
    if (!user) throw new ApiError(Status.badSignature, S2S_REFUSAL);
    const settings = tokenSettings(env);
    const tokens = await issueSignIn(env.DB, user.id, settings);
    return { userId: user.id, ...tokens, signature: (await purchaseSignature(env, user.id)) ?? "", expiresIn: settings.accessTtl };
  },
});
