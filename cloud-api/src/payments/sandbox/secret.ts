import type { CloudApiEnv } from "#api/env.ts";

/** The sandbox's signing secret; checkSecrets makes sure it is set wherever the sandbox is on. */
export function sandboxSecret(env: Pick<CloudApiEnv, "SANDBOX_NOTIFY_SECRET">): string {
  if (!env.SANDBOX_NOTIFY_SECRET) throw new Error("cloud-api misconfigured: SANDBOX_NOTIFY_SECRET is required while the payment sandbox is on");
  return env.SANDBOX_NOTIFY_SECRET;
}
