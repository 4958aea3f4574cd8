import type { z } from "zod";
import type { Access, Endpoint } from "#contract/endpoints.ts";
import type { CloudApiEnv } from "../env.ts";

export interface RequestFacts {
  env: CloudApiEnv;
  request: Request;
  /** The countryCode and appLanguage headers, for operations whose body does not say. */
  countryCode: string;
  language: string;
}

export type OperationContext<A extends Access> = RequestFacts & (A extends "user" ? { userId: number } : object);

type Handler<A extends Access, I extends z.ZodType, O extends z.ZodType> = (context: OperationContext<A>, input: z.output<I>) => Promise<z.input<O>>;

/** One /v1 operation: a contract endpoint (contract/endpoints.ts) and the handler that answers it. */
export interface Operation<A extends Access, I extends z.ZodType, O extends z.ZodType> extends Endpoint<A, I, O> {
  handle: Handler<A, I, O>;
}

export function operation<A extends Access, I extends z.ZodType, O extends z.ZodType>(endpoint: Endpoint<A, I, O>, handle: Handler<A, I, O>): Operation<A, I, O> {
  return { ...endpoint, handle };
}

export type AnyOperation = Operation<Access, any, any>;
