import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { listOperatorActions } from "#api/repositories/operator-actions.ts";

export const auditLog = operation(endpoints.auditLog, {
  readOnly: true,
  owner: "none",
  handle: async ({ env }, { pageSize, operator, ...filter }) => {
    // One row more than the page tells whether another page follows.
    const rows = await listOperatorActions(env.DB, { ...filter, operator: operator?.toLowerCase() }, pageSize + 1);
    const page = rows.slice(0, pageSize);
    return {
      actions: page.map((row) => ({
        id: row.id,
        at: row.at,
        operatorEmail: row.operator_email,
        role: row.role,
        action: row.action,
        objectType: row.object_type,
        objectId: row.object_id,
        before: row.before_json,
        after: row.after_json,
        note: row.note,
      })),
      nextBefore: rows.length > pageSize ? (page.at(-1)?.id ?? null) : null,
    };
  },
});
