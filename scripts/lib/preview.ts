/**
 * A branch's preview (docs/decisions/019): both Workers' versions uploaded under one alias of the branch, the
 * URLs commented on its pull request, and the alias taken back when the branch is deleted.
 */
import { unstable_readConfig } from "wrangler";
import { ROOT } from "./project.ts";

/** A DNS-safe alias of a branch, short enough for "<alias>-camcloud-storefront-preview" to be one DNS label (63). */
export function previewAlias(branch: string): string {
  return branch.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 34).replace(/-+$/, "");
}

/** The preview Workers' names, as their wrangler configs' `env.preview` give them: the cloud-api first (the storefront calls it). */
export function previewWorkers(): { cloudApi: string; storefront: string } {
  const name = (config: string) => unstable_readConfig({ config: `${ROOT}${config}`, env: "preview" }, { hideWarnings: true }).name ?? config;
  return { cloudApi: name("cloud-api/wrangler.jsonc"), storefront: name("wrangler.jsonc") };
}

/**
 * The pull request comment for a preview. The marker line lets the workflow replace its own comment on each push
 * instead of adding one per push.
 */
export function previewComment(preview: { alias: string; commit: string; storefront: string; api: string }): string {
  return [
    `**Preview of \`${preview.alias}\`** at ${preview.commit.slice(0, 7)}`,
    "",
    `- storefront: ${preview.storefront}`,
    `- cloud-api: ${preview.api}/v1/docs`,
    "",
    "Its orders are fulfilled, and its sweeps run, by the deployed version of the preview cloud-api, not by this branch's code (docs/operations.md, Previews). The alias is taken back when the branch is deleted.",
  ].join("\n");
}
