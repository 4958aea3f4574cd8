import { z } from "zod";
import type { AppFamily } from "#domain/apps.ts";
import type { Language } from "#domain/languages.ts";
import { parseJsonSetting, type StorefrontEnv } from "./env.ts";

/**
 * BRAND (JSON, docs/configuration.md; decision 051) says who sells and how a buyer reaches them: the seller's name,
 * address and tax id on receipts, the support contact named before paying and when a refund is late, the refund
 * policy linked before paying, and the tax rate included in prices per buyer country. `apps` overrides any of them
 * for app family 2's brand.
 */
const brandFields = z.object({
  seller: z.object({ name: z.string().trim().min(1).max(200), address: z.string().trim().min(1).max(500), taxId: z.string().trim().min(1).max(64).optional() }).optional(),
  /** An address buyers write to, or an https page (a help centre, a contact form). */
  support: z.union([z.email(), z.url({ protocol: /^https$/ })]).optional(),
  refundPolicy: z.url({ protocol: /^https?$/ }).optional(),
  /** Percent of VAT or sales tax included in prices, by the buyer's country code; "*" for every other country. */
  taxRates: z.record(z.union([z.string().regex(/^[A-Z]{2}$/), z.literal("*")]), z.number().min(0).max(100)).optional(),
});
const brandConfig = brandFields.extend({ apps: z.partialRecord(z.enum(["1", "2"]), brandFields).optional() });

type BrandFields = z.output<typeof brandFields>;

/** Parsed once per isolate and configuration text: every purchase and order screen reads it. */
const parsed = new Map<string, z.output<typeof brandConfig>>();

function configuredBrand(raw: string | undefined): z.output<typeof brandConfig> {
  const text = raw ?? "";
  let brand = parsed.get(text);
  if (!brand) {
    brand = parseJsonSetting("BRAND", text, brandConfig);
    parsed.set(text, brand);
  }
  return brand;
}

export interface Brand {
  seller: { name: string; address: string | null; taxId: string | null };
  /** Where the buyer gets help: a mailto: or https link and the text to show for it; null when none is configured. */
  support: { href: string; label: string } | null;
  /** The brand's refund policy, else the built-in service agreement's refund section in the buyer's language. */
  refundPolicyHref: string;
  /** Percent of tax included in the price a buyer of this country pays. */
  taxRate(countryCode: string): number;
}

/** The brand of an app family: its own settings over the shared ones, the app's name as the seller when none is set. */
export function brandOf(env: StorefrontEnv, family: AppFamily, language: Language, appName: string): Brand {
  const config = configuredBrand(env.BRAND);
  const own: BrandFields = config.apps?.[family === 2 ? "2" : "1"] ?? {};
  const pick = <K extends keyof BrandFields>(key: K): BrandFields[K] => own[key] ?? config[key];
  const seller = pick("seller");
  const support = pick("support");
  const rates = pick("taxRates") ?? {};
  return {
    seller: { name: seller?.name ?? appName, address: seller?.address ?? null, taxId: seller?.taxId ?? null },
    support: support ? { href: support.includes("@") && !support.startsWith("https:") ? `mailto:${support}` : support, label: support.replace(/^https:\/\//, "") } : null,
    refundPolicyHref: pick("refundPolicy") ?? `/protocol/storage-agreement?language=${language}#section-refund`,
    taxRate: (countryCode) => rates[countryCode.toUpperCase()] ?? rates["*"] ?? 0,
  };
}
