import type { z } from "zod";
import type { CloudApiEnv } from "../env.ts";

/**
 * One /v1 operation: its path, who may call it, the schema of its input and output, and its handler.
 * "app" operations need a valid request signature only; "user" ones also a valid access token; "s2s"
 * ones (which mint a user's identity) also the server-to-server credential that never ships in an app.
 */
export type Access = "app" | "user" | "s2s";

export interface RequestFacts {
  env: CloudApiEnv;
  request: Request;
  /** The countryCode and appLanguage headers, for operations whose body does not say. */
  countryCode: string;
  language: string;
}

export type OperationContext<A extends Access> = RequestFacts & (A extends "user" ? { userId: number } : object);

export interface Operation<A extends Access, I extends z.ZodType, O extends z.ZodType> {
  method: "GET" | "POST";
  path: `/v1/${string}`;
  access: A;
  summary: string;
  input: I;
  output: O;
  handle(context: OperationContext<A>, input: z.output<I>): Promise<z.input<O>>;
}

export function defineOperation<A extends Access, I extends z.ZodType, O extends z.ZodType>(
  operation: Operation<A, I, O>,
): Operation<A, I, O> {
  return operation;
}

export type AnyOperation = Operation<Access, any, any>;
