import type { TestProject } from "vitest/node";
import { startFakeProvider } from "./server.ts";

/** Starts the fake provider once for the Worker tests; they find it with inject("fakeProviderUrl"). */
export default async function setup(project: TestProject) {
  const { url, server } = await startFakeProvider();
  project.provide("fakeProviderUrl", url);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

declare module "vitest" {
  export interface ProvidedContext {
    fakeProviderUrl: string;
  }
}
