import type { z } from "zod";
import { nowSeconds } from "#api/core/clock.ts";
import { callProvider } from "#api/payments/outbound.ts";
import { ProviderUnavailable } from "#api/payments/provider.ts";
import type { WechatPayConfig } from "#api/payments/wechat/config.ts";
import { wechatError } from "#api/payments/wechat/schemas.ts";
import { authorizationHeader, wechatpaySignatureProblem } from "#api/payments/wechat/signing.ts";

/** WeChat Pay refused a request (4xx); `code` is its error code (ORDER_NOT_EXIST, NOT_ENOUGH, …). */
export class WechatPayRequestFailed extends ProviderUnavailable {
  override name = "WechatPayRequestFailed";
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

export interface WechatPayClient {
  /**
   * A signed call whose answer must be signed by WeChat Pay too. Only for calls WeChat makes
   * idempotent (the same out_trade_no or out_refund_no), because a failed attempt is retried.
   */
  call<T extends z.ZodType>(method: "GET" | "POST", pathWithQuery: string, body: object | undefined, schema: T): Promise<z.infer<T>>;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function wechatPayClient(config: WechatPayConfig): WechatPayClient {
  return {
    async call(method, pathWithQuery, body, schema) {
      const label = `WeChat Pay ${method} ${pathWithQuery.split("?")[0]}`;
      const url = new URL(`${config.apiBase}${pathWithQuery}`);
      const text = body === undefined ? "" : JSON.stringify(body);
      const headers: Record<string, string> = {
        accept: "application/json",
        // WeChat Pay refuses requests without a User-Agent.
        "user-agent": "camcloud-cloud-api",
      };
      if (body !== undefined) headers["content-type"] = "application/json";
      // Signed afresh for every attempt: WeChat Pay refuses a nonce it has seen, so a retry carries its own.
      const attempt = async () => ({
        method,
        headers: { ...headers, authorization: await authorizationHeader(config, method, url, text, nowSeconds()) },
        body: body === undefined ? undefined : text,
      });
      const response = await callProvider(url.toString(), attempt, { label, retry: true });
      const answer = await response.text().catch(() => {
        throw new ProviderUnavailable(`${label}: the answer could not be read`);
      });
      if (response.status >= 500 || response.status === 429) throw new ProviderUnavailable(`${label}: HTTP ${response.status}`);
      const json = parseJson(answer);
      // A refusal (4xx) may come unsigned, as WeChat Pay's own SDKs read it; it only ever says that nothing
      // was done, so its code ("ORDER_NOT_EXIST") is read without a signature. Every success must be signed.
      if (!response.ok) {
        const error = wechatError.safeParse(json);
        const detail = error.success ? `${error.data.code}: ${error.data.message ?? ""}` : "";
        throw new WechatPayRequestFailed(`${label}: HTTP ${response.status} ${detail}`.trim(), response.status, error.data?.code);
      }
      const problem = await wechatpaySignatureProblem(config, response.headers, answer, nowSeconds());
      if (problem) throw new ProviderUnavailable(`${label}: the answer (HTTP ${response.status}) is not signed by WeChat Pay: ${problem}`);
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new ProviderUnavailable(`${label}: unexpected answer: ${issue?.path.join(".")}: ${issue?.message}`);
      }
      return parsed.data;
    },
  };
}
