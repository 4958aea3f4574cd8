import { Status } from "#contract/codes.ts";
import { ApiError } from "#api/core/errors.ts";
import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { findUser } from "#api/repositories/users.ts";

export const userInfo = operation(endpoints.userInfo, {
  readOnly: true,
  // The caller's own record.
  owner: "none",
  handle: async (ctx) => {
    const user = await findUser(ctx.env.DB, ctx.userId);
    if (!user) throw new ApiError(Status.notFound, "user not found");
    return { userId: user.id, account: user.account, nickname: user.nickname, countryCode: user.country_code };
  },
});
