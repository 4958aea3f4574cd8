import { z } from "zod";
import { LANGUAGES, type Language } from "#domain/languages.ts";
import { CURRENCIES } from "#domain/money.ts";
import { packageTermsProblems } from "#domain/packages.ts";
import { SOLD_SERVICE_TYPES } from "#domain/services.ts";
import { deviceType, requiredText, text } from "./fields.ts";

/**
 * The fields of a package as the console edits it (issue 32 item 3, docs/decisions/059): every price in cents,
 * every buyer-facing text in all 10 languages. The cloud-api parses a save with them and so does the console's form.
 */

/** The languages a text leaves empty or out, in the order of LANGUAGES. */
export function missingLanguages(texts: Partial<Record<Language, string>> | null | undefined): Language[] {
  return LANGUAGES.filter((language) => !texts?.[language]);
}

/** A text in every language, as the documented examples write one: "Popular (en)". */
const named = (text: string) => Object.fromEntries(LANGUAGES.map((language) => [language, `${text} (${language})`]));

/** A buyer-facing text in every language; one left out or empty is refused with every language missing named. */
const inEveryLanguage = (max: number) =>
  z
    .partialRecord(z.enum(LANGUAGES), text(max))
    .superRefine((texts, ctx) => {
      const missing = missingLanguages(texts);
      if (missing.length > 0) ctx.addIssue({ code: "custom", message: `missing in ${missing.join(", ")}`, params: { missing } });
    })
    .meta({ examples: [named("Popular")] });

/** The documented example: the demo's monthly 24-hour recording in China, named in every language. */
export function exampleDraft() {
  return {
    serviceType: 1 as const,
    deviceType: null,
    serviceId: 101,
    productId: "storage-allday-30-cny",
    currencyCode: "CNY" as const,
    originPriceCents: 5800,
    salePriceCents: 3800,
    periodDays: 30,
    dataQuotaMb: null,
    isUnlimited: false,
    recordingDays: 7 as number | null,
    isGive: false,
    isSale: true,
    displaySort: 10,
    serviceName: named("All-day recording, 7-day loop"),
    serviceDesc: named("30 days of 24-hour recording"),
    topTag: null,
  };
}

/** A price in cents: what the packages table's CHECK allows, below what a wire amount can carry. */
const priceCents = z.number().int().nonnegative().max(9_999_999_999);

export const packageDraft = z
  .object({
    serviceType: z.literal(SOLD_SERVICE_TYPES),
    /** null: every kind of device the service is sold to. */
    deviceType: deviceType.nullable(),
    /** Groups packages of one service line (a storage tab: all-day or event recording; a card's own). */
    serviceId: z.number().int().positive().max(999_999),
    productId: requiredText(64),
    currencyCode: z.enum(CURRENCIES).meta({ examples: ["CNY"] }),
    originPriceCents: priceCents,
    salePriceCents: priceCents,
    periodDays: z.number().int().positive().max(3660),
    dataQuotaMb: z.number().int().positive().max(10_000_000).nullable(),
    isUnlimited: z.boolean(),
    recordingDays: z.number().int().positive().max(3660).nullable(),
    isGive: z.boolean(),
    isSale: z.boolean(),
    displaySort: z.number().int().nonnegative().max(1_000_000),
    serviceName: inEveryLanguage(80),
    serviceDesc: inEveryLanguage(200),
    /** The badge (top tag): none, or one in every language. */
    topTag: inEveryLanguage(24).nullable(),
  })
  .superRefine((draft, ctx) => {
    for (const { field, problem } of packageTermsProblems(draft)) ctx.addIssue({ code: "custom", path: [field], message: problem });
  })
  .meta({ examples: [exampleDraft()] });
export type PackageDraft = z.output<typeof packageDraft>;

const textsOutput = z.partialRecord(z.enum(LANGUAGES), z.string());

/** A package's state as the console shows it: the live row or one of its versions. */
export const packageState = z.object({
  id: z.number().int(),
  version: z.number().int(),
  serviceType: z.number().int(),
  deviceType: z.number().int().nullable(),
  serviceId: z.number().int(),
  productId: z.string(),
  currencyCode: z.string(),
  originPriceCents: z.number().int(),
  salePriceCents: z.number().int(),
  periodDays: z.number().int(),
  dataQuotaMb: z.number().int().nullable(),
  isUnlimited: z.boolean(),
  recordingDays: z.number().int().nullable(),
  isGive: z.boolean(),
  isSale: z.boolean(),
  displaySort: z.number().int(),
  serviceName: textsOutput,
  serviceDesc: textsOutput,
  topTag: textsOutput.nullable(),
  /** When it was retired (Unix seconds): no longer offered to a new checkout. */
  retiredAt: z.number().int().nullable(),
  /** Who saved this version and when; null for what the demo data or a migration wrote. */
  savedBy: z.string().nullable(),
  savedAt: z.number().int().nullable(),
});
export type PackageState = z.output<typeof packageState>;

/** Names the version a change was made on: refused (409) when another operator saved since. */
export const packageAtVersion = z.object({ packageId: z.number().int().positive(), version: z.number().int().positive() });

/** Where a package moves among those its buyers see with it. */
export const moveDirection = z.enum(["up", "down"]).meta({ examples: ["up"] });
