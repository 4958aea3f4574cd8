import { roleAllows, type OperatorRole } from "#contract/operator.ts";
import type { MessageKey } from "../i18n.ts";

/**
 * The console's sections in the navigation, each with the least role that may use it (the role of the operator
 * endpoint its page reads): an operator sees only the sections their role allows. Decided on the server, so that
 * the browser gets the list and not the contract's zod.
 */
export const SECTIONS: readonly { path: string; label: MessageKey; role: OperatorRole }[] = [
  { path: "/today", label: "nav.today", role: "viewer" },
  { path: "/orders", label: "nav.orders", role: "viewer" },
  { path: "/packages", label: "nav.packages", role: "viewer" },
  { path: "/coupons", label: "nav.coupons", role: "viewer" },
  { path: "/cards", label: "nav.cards", role: "viewer" },
  { path: "/deliveries", label: "nav.deliveries", role: "viewer" },
  { path: "/audit", label: "nav.audit", role: "viewer" },
  { path: "/operators", label: "nav.operators", role: "admin" },
];

export const sectionsFor = (role: OperatorRole) => SECTIONS.filter((section) => roleAllows(role, section.role));
