import { cardBatchCodes } from "#contract/endpoints.ts";
import { streamOperatorCsv } from "../.server/cloud-api.ts";
import { idParam, refusalOf } from "../.server/promotions.ts";
import type { Route } from "./+types/cards.$id.codes";

/** A batch's codes as the CSV the cloud-api streams, handed on as it arrives (an admin's download). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const batchId = idParam(params);
  try {
    const csv = await streamOperatorCsv(context, cardBatchCodes, { batchId });
    return new Response(csv, { headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="cards-${batchId}.csv"` } });
  } catch (error) {
    const refusal = refusalOf(context, error);
    return new Response(refusal.data.error, { status: refusal.init?.status ?? 500, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}
