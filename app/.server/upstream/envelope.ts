import { z } from "zod";
import { envelope as envelopeShape } from "#contract/envelope.ts";
import { isRefusalReason, type RefusalReason } from "#domain/refusals.ts";

/**
 * The upstream's refusal: `msg` is what the buyer reads (the client words it in their language when it
 * can), `detail` the upstream's own text, and `reason` the refusal it named (docs/decisions/022).
 */
export type UpstreamRefusal = { ok: false; status: number; reason: RefusalReason | null; msg: string; detail: string };

/** The answer of one upstream call: success with parsed data, or the upstream's refusal. */
export type UpstreamResult<T> = { ok: true; data: T; msg: string } | UpstreamRefusal;

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

export function parseEnvelope<S extends z.ZodType>(body: string, dataSchema: S, path: string): UpstreamResult<z.output<S>> {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new UpstreamUnavailable("garbage", `${path} answered with something that is not JSON`);
  }
  return readEnvelope(json, dataSchema, path);
}

/** One call's envelope, already out of its JSON (a whole answer's, or one of a batch's answers). */
export function readEnvelope<S extends z.ZodType>(json: unknown, dataSchema: S, path: string): UpstreamResult<z.output<S>> {
  const envelope = envelopeShape.safeParse(json);
  if (!envelope.success) throw new UpstreamUnavailable("garbage", `${path} answered without the {status,msg,data} envelope`);
  const { status, msg, data, reason } = envelope.data;
  // A reason this storefront does not know yet (a newer upstream) is worded by its status.
  if (status !== 200) return { ok: false, status, reason: isRefusalReason(reason) ? reason : null, msg: msg ?? "", detail: msg ?? "" };
  const parsed = dataSchema.safeParse(data);
  if (!parsed.success) {
    // Every field that breaks the contract, so that one log line says all an operator's backend must fix.
    const issues = parsed.error.issues.map((issue) => `data.${issue.path.join(".")}: ${issue.message}`);
    throw new UpstreamUnavailable("garbage", `${path} ${issues.join("; ")}`);
  }
  return { ok: true, data: parsed.data, msg: msg ?? "" };
}
