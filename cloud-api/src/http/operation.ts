import type { z } from "zod";
import type { Access, Endpoint } from "#contract/endpoints.ts";
import type { CloudApiEnv } from "#api/env.ts";
import type { Owned, OwnerInput, OwnerKind } from "#api/services/ownership.ts";
import type { SignedInOperator } from "#api/services/operators.ts";
import type { RequestReads } from "#api/services/request-reads.ts";

export interface RequestFacts {
  env: CloudApiEnv;
  request: Request;
  /** The countryCode and appLanguage headers, for operations whose body does not say. */
  countryCode: string;
  language: string;
}

/**
 * A user call's context also names its caller and what its owner check found the caller owns; an operator
 * call's names the operator.
 */
export type OperationContext<A extends Access, K extends OwnerKind = "none"> = RequestFacts &
  (A extends "user" ? { userId: number; owned: Owned<K> } : A extends "operator" ? { operator: SignedInOperator } : object);

type Handler<A extends Access, I extends z.ZodType, O extends z.ZodType, K extends OwnerKind, B> = (context: OperationContext<A, K>, input: z.output<I>, read: B) => Promise<z.input<O>>;

/**
 * Reads an operation makes before its caller is known, beside the replay check and the token lookup,
 * so that the call is one D1 round trip deep (docs/decisions/040): rows named by the input (a device's
 * periods, the catalogue), or the caller's own rows by the token's hash on the primary. Their answer
 * reaches the handler only once every check passed, the owner check included, and they must not write.
 * `reads` shares a read with the request's other calls (docs/decisions/069); `db` is the same D1 session.
 */
export type ReadsFirst<I extends z.ZodType, B> = (read: {
  db: D1Database;
  reads: RequestReads;
  primary: D1Database;
  input: z.output<I>;
  tokenHash: string;
  facts: RequestFacts;
}) => Promise<B>;

/** The owner checks an operation may declare: those whose input its endpoint's input carries; an app-level call's is "none". */
type OwnerFor<A extends Access, I extends z.ZodType> = A extends "user" ? { [K in OwnerKind]: z.output<I> extends OwnerInput<K> ? K : never }[OwnerKind] : "none";

/**
 * An operation's policy (docs/decisions/048), which the router enforces: whether it only reads (a D1
 * replica near the caller may answer it: docs/decisions/032), the owner check it needs
 * (services/ownership.ts: run before the handler, its row read beside the replay record), and the reads
 * it makes before its caller is known.
 */
export interface Policy<A extends Access, I extends z.ZodType, O extends z.ZodType, K extends OwnerKind, B> {
  readOnly: boolean;
  owner: K & OwnerFor<A, I>;
  readsFirst?: ReadsFirst<I, B>;
  handle: Handler<A, I, O, K, B>;
}

/** One /v1 operation: a contract endpoint (contract/endpoints.ts), its policy and the handler that answers it. */
export type Operation<A extends Access, I extends z.ZodType, O extends z.ZodType, K extends OwnerKind = OwnerKind, B = unknown> = Endpoint<A, I, O> & Policy<A, I, O, K, B>;

export function operation<A extends Access, I extends z.ZodType, O extends z.ZodType, K extends OwnerKind, B = undefined>(
  endpoint: Endpoint<A, I, O>,
  policy: Policy<A, I, O, K, B>,
): Operation<A, I, O, K, B> {
  return { ...endpoint, ...policy };
}

export type AnyOperation = Operation<Access, any, any, OwnerKind, any>;
