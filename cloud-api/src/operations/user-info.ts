import { z } from "zod";
import { Status } from "#contract/codes.ts";
import { ApiError } from "#api/core/errors.ts";
import { defineOperation } from "../http/operation.ts";
import { findUser } from "../repositories/users.ts";

export const userInfo = defineOperation({
  method: "POST",
  path: "/v1/member/user/info",
  access: "user",
  summary: "The token's user",
  input: z.object({}),
  output: z.object({ userId: z.number().int(), account: z.string(), nickname: z.string(), countryCode: z.string() }),
  async handle(ctx) {
    const user = await findUser(ctx.env.DB, ctx.userId);
    if (!user) throw new ApiError(Status.notFound, "user not found");
    return { userId: user.id, account: user.account, nickname: user.nickname, countryCode: user.country_code };
  },
});
