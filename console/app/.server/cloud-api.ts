import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { Status } from "#contract/codes.ts";
import { operatorSession, type Endpoint } from "#contract/endpoints.ts";
import { envelope } from "#contract/envelope.ts";
import { operatorRequestHeaders } from "#contract/operator.ts";
import { currentTrace, traceparentOf } from "#platform/observability.ts";
import { cloudflareContext, operatorContext } from "../context.ts";
import type { ConsoleEnv } from "./env.ts";

/** The signed-in operator: email, role, name and refund limits, as the cloud-api's operators table has them. */
export type OperatorSession = z.output<(typeof operatorSession)["output"]>;

type OperatorEndpoint = Endpoint<"operator">;

/**
 * The cloud-api refused an operator call (its envelope's status and message), or did not answer ("unavailable").
 * The console's error handling words it for the operator (.server/errors.ts).
 */
export class OperatorApiError extends Error {
  constructor(
    readonly status: number | "unavailable",
    readonly upstreamMessage: string,
    readonly path: string,
  ) {
    super(`${path}: ${status} ${upstreamMessage}`);
    this.name = "OperatorApiError";
  }
}

/** One operator call over the service binding, signed for `email`: the cloud-api's response, or OperatorApiError when it did not answer. */
async function request<E extends OperatorEndpoint>(env: ConsoleEnv, email: string, endpoint: E, input: z.input<E["input"]>): Promise<Response> {
  const parsedInput = endpoint.input.parse(input) as Record<string, unknown>;
  let url = `https://cloud-api.internal${endpoint.path}`;
  let body = "";
  if (endpoint.method === "GET") {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(parsedInput)) if (value !== undefined && value !== null) query.set(key, String(value));
    if (query.size) url += `?${query}`;
  } else {
    body = JSON.stringify(parsedInput);
  }
  const headers = new Headers(await operatorRequestHeaders({ appId: env.APP_ID, appSecret: env.APP_SECRET, operatorSecret: env.OPERATOR_SECRET }, { method: endpoint.method, path: endpoint.path, body }, email));
  headers.set("accept", "application/json");
  // The cloud-api continues the operator's request's trace: one reference finds both Workers' log lines.
  const trace = currentTrace();
  if (trace) headers.set("traceparent", traceparentOf(trace));
  try {
    return await env.CLOUD_API.fetch(new Request(url, { method: endpoint.method, headers, body: endpoint.method === "GET" ? undefined : body }));
  } catch (error) {
    throw new OperatorApiError("unavailable", String(error), endpoint.path);
  }
}

/** The data of an answer's envelope, or OperatorApiError with its refusal. */
async function dataOf(response: Response, path: string): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new OperatorApiError("unavailable", String(error), path);
  }
  let answer: z.output<typeof envelope>;
  try {
    answer = envelope.parse(JSON.parse(text));
  } catch {
    throw new OperatorApiError("unavailable", `not an envelope: ${text.slice(0, 200)}`, path);
  }
  if (answer.status !== Status.ok) throw new OperatorApiError(answer.status, answer.msg ?? "", path);
  return answer.data;
}

/** One operator call, signed for `email`: the endpoint's parsed output, or OperatorApiError. */
async function send<E extends OperatorEndpoint>(env: ConsoleEnv, email: string, endpoint: E, input: z.input<E["input"]>): Promise<z.output<E["output"]>> {
  return endpoint.output.parse(await dataOf(await request(env, email, endpoint, input), endpoint.path)) as z.output<E["output"]>;
}

/** The signed-in operator of this request (the console Worker put them in the context before any loader ran). */
export const getOperator = (context: Readonly<RouterContextProvider>): OperatorSession => context.get(operatorContext);

/**
 * Calls an operator endpoint as the signed-in operator with the input its contract takes; the endpoint's parsed
 * output, or OperatorApiError (roleTooLow: the operator's role may not; 409: a conflict, its message; 400: bad input).
 */
export function callOperatorApi<E extends OperatorEndpoint>(context: Readonly<RouterContextProvider>, endpoint: E, input: z.input<E["input"]>): Promise<z.output<E["output"]>> {
  return send(context.get(cloudflareContext).env, getOperator(context).email, endpoint, input);
}

/**
 * Who the Access-verified email is to the cloud-api: the operator, or null when the operators table does not have
 * them or has them disabled (the cloud-api refuses them with notAnOperator).
 */
export async function signInOperator(env: ConsoleEnv, email: string): Promise<OperatorSession | null> {
  try {
    return await send(env, email, operatorSession, {});
  } catch (error) {
    if (error instanceof OperatorApiError && error.status === Status.notAnOperator) return null;
    throw error;
  }
}

/**
 * Calls an operator endpoint whose answer is a CSV stream (contract/fields.ts csvStream) as the signed-in operator:
 * the cloud-api's body, handed on as it arrives, or OperatorApiError when it refused (an envelope instead of CSV).
 */
export async function streamOperatorCsv<E extends OperatorEndpoint>(context: Readonly<RouterContextProvider>, endpoint: E, input: z.input<E["input"]>): Promise<ReadableStream<Uint8Array>> {
  const response = await request(context.get(cloudflareContext).env, getOperator(context).email, endpoint, input);
  if (response.body && response.headers.get("content-type")?.startsWith("text/csv")) return response.body;
  await dataOf(response, endpoint.path);
  throw new OperatorApiError("unavailable", "a CSV endpoint answered no CSV", endpoint.path);
}
