import { env } from "cloudflare:test";

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Makes a token look old to the cloud-api: its rows are keyed by hash, as the cloud-api stores them. */
export async function expireToken(token: string): Promise<void> {
  await env.DB.prepare("UPDATE auth_tokens SET expires_at = 1 WHERE token_hash = ?").bind(await sha256Hex(token)).run();
}

/** Moves a refresh token's rotation back in time, past any grace period. */
export async function ageRotation(token: string, seconds: number): Promise<void> {
  await env.DB.prepare("UPDATE auth_tokens SET rotated_at = rotated_at - ? WHERE token_hash = ?").bind(seconds, await sha256Hex(token)).run();
}
