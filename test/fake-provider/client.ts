import { inject } from "vitest";
import type { RecordedRequest, ScriptedAnswer } from "./server.ts";

export interface FakeProvider {
  /** The base URL to configure the adapter with (its "API host"). */
  baseUrl: string;
  script(...answers: ScriptedAnswer[]): Promise<void>;
  requests(): Promise<RecordedRequest[]>;
}

/** The test side of the fake provider (server.ts): a fresh session, to script and to inspect. */
export function openFakeProvider(): FakeProvider {
  const baseUrl = `${inject("fakeProviderUrl")}/s/${crypto.randomUUID()}`;
  return {
    baseUrl,
    async script(...answers) {
      const response = await fetch(`${baseUrl}/__fake/script`, { method: "POST", body: JSON.stringify(answers) });
      if (!response.ok) throw new Error(`fake provider refused the script: ${response.status}`);
    },
    async requests() {
      return (await fetch(`${baseUrl}/__fake/requests`)).json();
    },
  };
}
