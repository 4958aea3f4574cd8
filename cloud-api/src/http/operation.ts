import type { z } from "zod";
import type { Access, Endpoint } from "#contract/endpoints.ts";
import type { CloudApiEnv } from "#api/env.ts";

export interface RequestFacts {
  env: CloudApiEnv;
  request: Request;
  /** The countryCode and appLanguage headers, for operations whose body does not say. */
  countryCode: string;
  language: string;
}

export type OperationContext<A extends Access> = RequestFacts & (A extends "user" ? { userId: number } : object);

type Handler<A extends Access, I extends z.ZodType, O extends z.ZodType, B> = (context: OperationContext<A>, input: z.output<I>, read: B) => Promise<z.input<O>>;

/**
 * Reads an operation makes before its caller is known, beside the replay check and the token lookup,
 * so that the call is one D1 round trip deep (docs/decisions/040): rows named by the input (a device, its
 * periods, the catalogue), or the caller's own rows by the token's hash on the primary. Their answer
 * reaches the handler only once every check passed, and they must not write.
 */
export type ReadsFirst<I extends z.ZodType, B> = (read: { db: D1Database; primary: D1Database; input: z.output<I>; tokenHash: string; facts: RequestFacts }) => Promise<B>;

/** One /v1 operation: a contract endpoint (contract/endpoints.ts) and the handler that answers it. */
export interface Operation<A extends Access, I extends z.ZodType, O extends z.ZodType, B = undefined> extends Endpoint<A, I, O> {
  readsFirst?: ReadsFirst<I, B>;
  handle: Handler<A, I, O, B>;
}

export function operation<A extends Access, I extends z.ZodType, O extends z.ZodType>(endpoint: Endpoint<A, I, O>, handle: Handler<A, I, O, undefined>): Operation<A, I, O> {
  return { ...endpoint, handle };
}

/** An operation whose reads run before its caller is known; the handler checks what they found against the caller. */
export function operationReadingFirst<A extends Access, I extends z.ZodType, O extends z.ZodType, B>(
  endpoint: Endpoint<A, I, O>,
  readsFirst: ReadsFirst<I, B>,
  handle: Handler<A, I, O, B>,
): Operation<A, I, O, B> {
  return { ...endpoint, readsFirst, handle };
}

export type AnyOperation = Operation<Access, any, any, any>;
