import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { httpStatusOf, Status, type BusinessStatus } from "#contract/codes.ts";
import { localeContext } from "../context.ts";
import type { MessageKey, Translate } from "../i18n.ts";
import { formatUtcDay } from "./admin.ts";
import { getOperator, OperatorApiError } from "./cloud-api.ts";
import { operatorApiMessage, withOperatorMessages } from "./errors.ts";
import { translatorFor } from "./locale.ts";

/**
 * What a coupon or card form answers when it did not change anything: the operator's message, with its HTTP status,
 * and what they typed (`typed`, the form's text fields), which the form shows again so that nothing is lost.
 */
export type FormRefusal = { error: string; typed?: Record<string, string> };

const typedOf = (form: FormData | undefined) =>
  form && Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"));

export const translatorOf = (context: Readonly<RouterContextProvider>): Translate => translatorFor(context.get(localeContext));

/**
 * A form's fields read as the endpoint's input, parsed with its zod schema: the input, or a refusal naming the first
 * field that was not accepted in the operator's language (`<group>.invalid_<field>`), with nothing sent.
 */
export function parseForm<S extends z.ZodType>(context: Readonly<RouterContextProvider>, schema: S, input: unknown, group: "coupons" | "cards", form?: FormData) {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true as const, input: parsed.data as z.output<S> };
  const field = String(parsed.error.issues[0]?.path[0] ?? "");
  return { ok: false as const, refusal: data<FormRefusal>({ error: translatorOf(context)(`${group}.invalid_${field}` as MessageKey), typed: typedOf(form) }, { status: 400 }) };
}

/** The HTTP status of a refusal: a viewer's forged post is a 403, a cloud-api that did not answer a 503. */
const httpOf = (error: OperatorApiError) => (error.status === "unavailable" ? 503 : httpStatusOf(error.status as BusinessStatus));

/** The cloud-api's refusal of a form's change, worded for the operator beside the form; anything else goes to the error boundary. */
export function refusalOf(context: Readonly<RouterContextProvider>, error: unknown, form?: FormData) {
  if (!(error instanceof OperatorApiError)) throw error;
  const t = translatorOf(context);
  // A campaign, coupon, batch or card that is not there: the cloud-api's message names which.
  const message = operatorApiMessage(error, t, getOperator(context)) ?? (error.status === Status.notFound ? error.upstreamMessage : null);
  if (message === null) throw error;
  return data<FormRefusal>({ error: t("promo.requestRefused", { message }), typed: typedOf(form) }, { status: httpOf(error) });
}

/** A page's reads: a campaign or batch the cloud-api does not have is no such page, other refusals the page's message. */
export function readPage<T>(context: Readonly<RouterContextProvider>, work: () => Promise<T>): Promise<T> {
  return withOperatorMessages(context, async () => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof OperatorApiError && error.status === Status.notFound) throw data(null, { status: 404 });
      throw error;
    }
  });
}

/** A campaign's days of validity, first to last, in the console's date style. */
export function validityOf(context: Readonly<RouterContextProvider>, campaign: { startTime: number; expireTime: number }): string {
  const locale = context.get(localeContext);
  return `${formatUtcDay(locale, campaign.startTime)} – ${formatUtcDay(locale, campaign.expireTime)}`;
}

/** A date input's day (YYYY-MM-DD) as Unix seconds at its start in UTC, or at its end with `endOfDay`; NaN when it is none. */
export function dayToSeconds(value: FormDataEntryValue | null, endOfDay = false): number {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return Number.NaN;
  return Date.parse(`${value}T00:00:00Z`) / 1000 + (endOfDay ? 86_399 : 0);
}

/** An amount typed as 12 or 12.5 or 12.50 in cents; NaN when it is not one. */
export function amountToCents(value: FormDataEntryValue | null): number {
  if (typeof value !== "string" || !/^\d{1,7}(\.\d{1,2})?$/.test(value.trim())) return Number.NaN;
  const [whole = "0", fraction = ""] = value.trim().split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** A whole number typed in a form; NaN when it is not one. */
export function wholeNumber(value: FormDataEntryValue | null): number {
  return typeof value === "string" && /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
}

/** A page cursor of the URL (?before= or ?after=), undefined when absent or not a positive whole number. */
export function cursorOf(request: Request, name: "before" | "after"): number | undefined {
  const value = new URL(request.url).searchParams.get(name);
  return value && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : undefined;
}

/** The id of a campaign or batch page's URL; anything else is no such page. */
export function idParam(params: { id: string }): number {
  if (!/^[1-9]\d{0,9}$/.test(params.id)) throw data(null, { status: 404 });
  return Number(params.id);
}
