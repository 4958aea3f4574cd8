import { z } from "zod";

/** The answer of one upstream call: success with parsed data, or the upstream's refusal. */
export type UpstreamResult<T> = { ok: true; data: T; msg: string } | { ok: false; status: number; msg: string };

/** The upstream could not be reached, timed out or answered something that is not the contract. */
export class UpstreamUnavailable extends Error {
  constructor(
    readonly reason: "timeout" | "network" | "garbage",
    detail: string,
  ) {
    super(`upstream ${reason}: ${detail}`);
    this.name = "UpstreamUnavailable";
  }
}

const envelopeShape = z.object({ status: z.number().int(), msg: z.string().nullish(), data: z.unknown() });

export const TOKEN_EXPIRED = 1009;
export const TOKEN_INVALID = 1010;

export function parseEnvelope<S extends z.ZodType>(body: string, dataSchema: S, path: string): UpstreamResult<z.output<S>> {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new UpstreamUnavailable("garbage", `${path} answered with something that is not JSON`);
  }
  const envelope = envelopeShape.safeParse(json);
  if (!envelope.success) throw new UpstreamUnavailable("garbage", `${path} answered without the {status,msg,data} envelope`);
  const { status, msg, data } = envelope.data;
  if (status !== 200) return { ok: false, status, msg: msg ?? "" };
  const parsed = dataSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UpstreamUnavailable("garbage", `${path} data.${issue?.path.join(".")}: ${issue?.message}`);
  }
  return { ok: true, data: parsed.data, msg: msg ?? "" };
}
