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

export function alipayClient(config: AlipayConfig): AlipayClient {
  return {
    async call(method, bizContent, schema) {
      const label = `Alipay ${method}`;
      const params = await signedGatewayParams(config, method, bizContent, nowSeconds());
      const response = await callProvider(
        `${config.gateway}?charset=utf-8`,
        { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded;charset=utf-8" }, body: new URLSearchParams(params).toString() },
        { label, retry: true },
      );
      const text = await response.text().catch(() => {
        throw new ProviderUnavailable(`${label}: the answer could not be read`);
      });
      if (!response.ok) throw new ProviderUnavailable(`${label}: HTTP ${response.status}`);

      const nodeName = `${method.replace(/\./g, "_")}_response`;
      let envelope: unknown;
      try {
        envelope = JSON.parse(text);
      } catch {
        throw new ProviderUnavailable(`${label}: the answer is not JSON`);
      }
      const sign = (envelope as Record<string, unknown> | null)?.sign;
      const raw = rawMemberText(text, nodeName);
      if (raw === null) throw new ProviderUnavailable(`${label}: the answer has no ${nodeName}`);
      if (typeof sign !== "string" || !(await verifyRsaSha256(await config.alipayPublicKey(), raw, sign))) {
        throw new ProviderUnavailable(`${label}: the answer is not signed by Alipay`);
      }
      // Read from the signed text itself, so that nothing unsigned beside it can stand in for it.
      const node: unknown = JSON.parse(raw);

      const result = alipayResult.safeParse(node);
      if (!result.success) throw new ProviderUnavailable(`${label}: unexpected answer`);
      if (result.data.code !== "10000") {
        const { code, sub_code: subCode, sub_msg: subMsg, msg } = result.data;
        throw new AlipayRequestFailed(`${label}: ${code} ${subCode ?? ""} ${subMsg ?? msg ?? ""}`.replace(/\s+/g, " ").trim(), code, subCode);
      }
      const parsed = schema.safeParse(node);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new ProviderUnavailable(`${label}: unexpected answer: ${issue?.path.join(".")}: ${issue?.message}`);
      }
      return parsed.data;
    },
  };
}
