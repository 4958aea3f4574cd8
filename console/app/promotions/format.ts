import { formatMoney } from "#domain/money.ts";
import type { ConsoleLocale, Messages } from "../i18n.ts";

const LOCALE_TAG: Record<ConsoleLocale, string> = { en: "en-GB", zh: "zh-CN" };

/** Cents of a currency as the operator's language writes money. */
export const money = (cents: number, currency: string, locale: ConsoleLocale) => formatMoney(cents, currency, LOCALE_TAG[locale]);

/** The 44 px targets and looks of the coupon and card pages' controls. */
export const BUTTON = "inline-flex min-h-11 items-center rounded-md bg-blue-700 px-4 font-medium text-white hover:bg-blue-800";
export const SECONDARY = "inline-flex min-h-11 items-center rounded-md border border-neutral-300 px-3 hover:bg-neutral-100 dark:border-neutral-700 dark:hover:bg-neutral-800";
export const FIELD = "mt-1 block min-h-11 w-full rounded-md border border-neutral-400 bg-white px-3 dark:border-neutral-600 dark:bg-neutral-900";
export const LINK = "inline-flex min-h-11 items-center text-blue-800 underline underline-offset-4 dark:text-blue-300";

/** A coupon or card page's document title: its name, then the console's ("Coupons · CamCloud console"). */
export function pageTitle(matches: readonly ({ loaderData?: unknown } | undefined)[], pick: (messages: Messages) => string) {
  const messages = (matches[0]?.loaderData as { messages?: Messages } | undefined)?.messages;
  return [{ title: messages ? `${pick(messages)} · ${messages.shell.title}` : "CamCloud console" }];
}
