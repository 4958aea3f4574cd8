import { z } from "zod";
import { Status } from "#contract/codes.ts";
import { ApiError } from "#api/core/errors.ts";
import { refused, type Envelope } from "#api/http/envelope.ts";
import type { AnyOperation, RequestFacts } from "#api/http/operation.ts";
import { parseOrRefuse } from "#api/http/validation.ts";
import { OWNER_CHECKS, ownerRow } from "#api/services/ownership.ts";
import type { RequestReads } from "#api/services/request-reads.ts";
import type { SignedInOperator } from "#api/services/operators.ts";
import { describeError, log } from "#platform/observability.ts";

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export function settle<T>(run: () => T): Settled<T> {
  try {
    return { ok: true, value: run() };
  } catch (error) {
    return { ok: false, error };
  }
}

const settleAsync = <T>(run: () => Promise<T>): Promise<Settled<T>> =>
  Promise.resolve()
    .then(run)
    .then(
      (value) => ({ ok: true, value }),
      (error: unknown) => ({ ok: false, error }),
    );

export function valueOf<T>(settled: Settled<T>): T {
  if (!settled.ok) throw settled.error;
  return settled.value;
}

const NOTHING: Settled<undefined> = { ok: true, value: undefined };

/** A refusal's envelope; anything but an ApiError is logged and answers 500 without its detail. */
export function refusalOf(error: unknown): Envelope {
  if (error instanceof ApiError) return refused(error.status, error.message, error.reason);
  log("error", "internal-error", { error: describeError(error), stack: error instanceof Error ? error.stack : undefined });
  return refused(Status.internal, "internal error");
}

/** What one request says about every call it makes: its facts (on the operation's D1 session), the primary, and the access token's hash. */
export interface CallRequest {
  facts: RequestFacts;
  primary: D1Database;
  tokenHash: string;
  /** The reads its calls share (owner rows, the catalogue, a device's periods), each made once for all of them on the request's D1 session. */
  reads: RequestReads;
  /** The appLanguage and countryCode headers, parsed: refused as the input is, after the caller's checks. */
  headers: Settled<unknown>;
}

/**
 * The caller once the signature, the replay record and the caller's credential held: a user call's user, an
 * operator call's operator, or null for an app-level call.
 */
export type CheckedCaller = { userId: number } | { operator: SignedInOperator } | null;

const strictInputs = new WeakMap<AnyOperation, AnyOperation["input"]>();

/** Unknown fields are refused (400 naming the field) rather than silently dropped; built once per operation. */
function strictInput(op: AnyOperation): AnyOperation["input"] {
  let schema = strictInputs.get(op);
  if (!schema) strictInputs.set(op, (schema = op.input instanceof z.ZodObject ? op.input.strict() : op.input));
  return schema;
}

/**
 * One contract call, the same whether it came alone or in a batch (docs/decisions/061): its input is parsed
 * now; `startReads` starts the owner check's row and the operation's first reads, which the caller of this
 * function runs beside the replay check (docs/decisions/040, 048); `finish`, given the caller its request's
 * checks found, refuses bad input, runs the owner check (whose refusal wins over whatever the first reads
 * found or failed with), the handler and the output's schema, and answers the call's data.
 */
export function startCall(op: AnyOperation, rawInput: () => unknown, request: CallRequest) {
  const input = settle(() => {
    valueOf(request.headers);
    return parseOrRefuse(strictInput(op), rawInput());
  });
  const owner = OWNER_CHECKS[op.owner];
  const { facts } = request;
  let reads: Promise<[Settled<unknown>, Settled<unknown>]> | undefined;
  const startReads = () =>
    (reads ??= input.ok
      ? Promise.all([
          settleAsync<unknown>(() => ownerRow(request.reads, op.owner, input.value)),
          op.readsFirst ? settleAsync(() => op.readsFirst!({ db: facts.env.DB, reads: request.reads, primary: request.primary, input: input.value, tokenHash: request.tokenHash, facts })) : Promise.resolve(NOTHING),
        ])
      : Promise.resolve([NOTHING, NOTHING]));
  return {
    startReads,
    async finish(caller: CheckedCaller): Promise<unknown> {
      const [ownerRow, readFirst] = await startReads();
      const given = valueOf(input);
      const context =
        caller === null
          ? facts
          : "userId" in caller
            ? { ...facts, userId: caller.userId, owned: await owner.check(valueOf(ownerRow) as never, { env: facts.env, userId: caller.userId }, given) }
            : { ...facts, operator: caller.operator };
      return op.output.parse(await op.handle(context as never, given, valueOf(readFirst)));
    },
  };
}

export type StartedCall = ReturnType<typeof startCall>;
