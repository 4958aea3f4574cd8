import type { z } from "zod";
import { nowSeconds } from "#api/core/clock.ts";
import { verifyRsaSha256 } from "#api/payments/crypto/rsa.ts";
import { callProvider } from "#api/payments/outbound.ts";
import { ProviderUnavailable } from "#api/payments/provider.ts";
import type { AlipayConfig } from "#api/payments/alipay/config.ts";
import { rawMemberText } from "#api/payments/alipay/raw-json.ts";
import { alipayResult } from "#api/payments/alipay/schemas.ts";
import { signedGatewayParams } from "#api/payments/alipay/signing.ts";

/** Alipay answered with a business failure (code other than 10000); sub_code names it (ACQ.TRADE_NOT_EXIST, …). */
export class AlipayRequestFailed extends ProviderUnavailable {
  override name = "AlipayRequestFailed";
  constructor(
    message: string,
    readonly code: string,
    readonly subCode: string | undefined,
  ) {
    super(message);
  }
}

export interface AlipayClient {
  /**
   * Calls an OpenAPI method through the gateway (signed form POST) and reads its response node, which
   * must carry a valid Alipay signature. Only for calls Alipay makes idempotent (queries, refunds by
   * out_request_no), because a failed attempt is retried.
   */
  call<T extends z.ZodType>(method: string, bizContent: object, schema: T): Promise<z.infer<T>>;
}

/** Alipay's own "try again with the same parameters": its system being busy (20000) or a system error. */
function isAlipaySystemError(result: { code: string; sub_code?: string | undefined }): boolean {
  return result.code === "20000" || /(^|\.)SYSTEM_ERROR$/.test(result.sub_code ?? "");
}

/** The response node of `method` (or the gateway's error_response) as its raw text, with its sign. */
function answerOf(text: string, method: string): { raw: string | null; sign: unknown } {
  let envelope: unknown;
  try {
    envelope = JSON.parse(text);
  } catch {
    return { raw: null, sign: undefined };
  }
  const raw = rawMemberText(text, `${method.replace(/\./g, "_")}_response`) ?? rawMemberText(text, "error_response");
  return { raw, sign: (envelope as Record<string, unknown> | null)?.sign };
}

/** The result an answer's node carries, when it is one. */
function resultOf(raw: string) {
  try {
    return alipayResult.safeParse(JSON.parse(raw)).data;
  } catch {
    return undefined;
  }
}

export function alipayClient(config: AlipayConfig): AlipayClient {
  return {
    async call(method, bizContent, schema) {
      const label = `Alipay ${method}`;
      const params = await signedGatewayParams(config, method, bizContent, nowSeconds());
      const request = { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded;charset=utf-8" }, body: new URLSearchParams(params).toString() };
      // Alipay answers a busy or failing system with HTTP 200 and code 20000 or a SYSTEM_ERROR sub_code,
      // "call again with the same parameters": asked again like a 5xx.
      const transient = async (response: Response) => {
        if (response.status >= 500 || response.status === 429) return true;
        if (!response.ok) return false;
        const { raw } = answerOf(await response.clone().text(), method);
        const result = raw === null ? undefined : resultOf(raw);
        return result !== undefined && isAlipaySystemError(result);
      };
      const response = await callProvider(`${config.gateway}?charset=utf-8`, request, { label, retry: true, transient });
      const text = await response.text().catch(() => {
        throw new ProviderUnavailable(`${label}: the answer could not be read`);
      });
      if (!response.ok) throw new ProviderUnavailable(`${label}: HTTP ${response.status}`);

      const { raw, sign } = answerOf(text, method);
      if (raw === null) throw new ProviderUnavailable(`${label}: the answer is not JSON with a response node`);
      const result = resultOf(raw);
      if (!result) throw new ProviderUnavailable(`${label}: unexpected answer`);
      // As Alipay's SDKs do: a success must be signed; a refusal is verified when it carries a sign, and
      // kept with its code when it does not (gateway errors such as 20000 and 40002 are unsigned by design).
      if (result.code === "10000" || sign !== undefined) {
        if (typeof sign !== "string" || !(await verifyRsaSha256(await config.alipayPublicKey(), raw, sign))) {
          throw new ProviderUnavailable(`${label}: the answer is not signed by Alipay`);
        }
      }
      if (result.code !== "10000") {
        const { code, sub_code: subCode, sub_msg: subMsg, msg } = result;
        throw new AlipayRequestFailed(`${label}: ${code} ${subCode ?? ""} ${subMsg ?? msg ?? ""}`.replace(/\s+/g, " ").trim(), code, subCode);
      }
      // Read from the signed text itself, so that nothing unsigned beside it can stand in for it.
      const parsed = schema.safeParse(JSON.parse(raw));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new ProviderUnavailable(`${label}: unexpected answer: ${issue?.path.join(".")}: ${issue?.message}`);
      }
      return parsed.data;
    },
  };
}
