import type { BusinessStatus } from "#contract/codes.ts";
import type { RefusalReason } from "#domain/refusals.ts";

/**
 * A refusal that the client is meant to read: it becomes the envelope's status and msg, and its reason
 * (when the buyer can be told which refusal it is) the envelope's `reason` (docs/decisions/022).
 */
export class ApiError extends Error {
  constructor(
    readonly status: Exclude<BusinessStatus, 200>,
    message: string,
    readonly reason?: RefusalReason,
  ) {
    super(message);
    this.name = "ApiError";
  }
}
