import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { ensurePortsFree } from "./local-demo.ts";
import { CLOUD_API_PORT, PORT_OFFSET } from "./project.ts";

describe("npm start and npm run dev before they touch anything", () => {
  it("refuse to go on when a port of theirs is taken, naming it and the offset (a second start wiped the running one's database)", async () => {
    // Taken here, or already by a developer's own npm start on this offset: either way it is taken.
    const taken = createServer();
    const ours = await new Promise<boolean>((resolve) => taken.once("error", () => resolve(false)).listen(CLOUD_API_PORT, "127.0.0.1", () => resolve(true)));
    try {
      await expect(ensurePortsFree()).rejects.toThrowError(/is in use: is npm start or npm run dev already running with PORT_OFFSET=/);
      if (ours) await expect(ensurePortsFree()).rejects.toThrowError(`port ${CLOUD_API_PORT} (the cloud-api) is in use: is npm start or npm run dev already running with PORT_OFFSET=${PORT_OFFSET}?`);
    } finally {
      if (ours) await new Promise((resolve) => taken.close(resolve));
    }
  });
});
