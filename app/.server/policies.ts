import { z } from "zod";
import type { Language } from "#domain/languages.ts";
import { appFamily, parseAppFamilies, type AppFamily } from "#domain/apps.ts";
import { parseJsonSetting, type StorefrontEnv } from "./env.ts";
import type { LaunchState } from "./session/state.ts";

/** Product-rules §2 screen 6: policies exist in Chinese, English and Japanese; any other language reads English. */
export const POLICY_LANGUAGES = ["zh", "en", "ja"] as const;
export type PolicyLanguage = (typeof POLICY_LANGUAGES)[number];
export const POLICY_DOCUMENTS = ["privacy", "storageAgreement"] as const;
export type PolicyDocument = (typeof POLICY_DOCUMENTS)[number];

export function policyLanguage(language: string | null | undefined): PolicyLanguage {
  return (POLICY_LANGUAGES as readonly string[]).includes(language ?? "") ? (language as PolicyLanguage) : "en";
}

/**
 * The storefront's own policy link, naming the buyer's language and app family; the redirect page behind
 * it knows the brand's configured URL (in zh, en or ja) and otherwise opens the built-in notice in that
 * language.
 */
export function policyHref(document: PolicyDocument, language: Language, family: AppFamily = 1): string {
  const query = new URLSearchParams({ language });
  if (document !== "privacy") query.set("doc", document);
  if (family !== 1) query.set("app", String(family));
  return `/app/viseecam/user/privacy?${query}`;
}

/** The app family of the companion app that launched this session (product-rules §5, APP_FAMILIES). */
export function launchAppFamily(env: StorefrontEnv, launch: Pick<LaunchState, "appPackageName">): AppFamily {
  return appFamily(launch.appPackageName, parseAppFamilies(env.APP_FAMILIES));
}

const BUILT_IN: Record<PolicyDocument, string> = { privacy: "/protocol/data-protection", storageAgreement: "/protocol/storage-agreement" };

const documentUrls = z.partialRecord(z.enum(POLICY_DOCUMENTS), z.partialRecord(z.enum(POLICY_LANGUAGES), z.url({ protocol: /^https?$/ })));
/** Per document and language; `apps` overrides them for an app family (product-rules §2 screen 6: URLs per app brand). */
const policyUrls = documentUrls.and(z.object({ apps: z.partialRecord(z.enum(["1", "2"]), documentUrls).optional() }));

/**
 * POLICY_URLS (JSON: document, then language, to URL; `apps` per app family) names the brand's hosted
 * policies. A language it
 * leaves out falls back to the English URL; a document it leaves out is the storefront's own notice (the
 * data protection notice, or the cloud storage agreement) in the buyer's language.
 */
export function policyUrl(env: StorefrontEnv, document: PolicyDocument, language: Language, family: AppFamily = 1): string {
  const configured = parseJsonSetting("POLICY_URLS", env.POLICY_URLS, policyUrls);
  const urls = configured.apps?.[family === 2 ? "2" : "1"]?.[document] ?? configured[document];
  return urls?.[policyLanguage(language)] ?? urls?.en ?? `${BUILT_IN[document]}?language=${language}`;
}
