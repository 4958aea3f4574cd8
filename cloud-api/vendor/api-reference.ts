/**
 * Scalar's standalone API reference bundle, from the installed package, as text: cloud-api/wrangler.jsonc's
 * rules make it a Text module for wrangler (and `npm run typegen` declares its type from that rule),
 * vitest.config.ts's plugin for the tests.
 */
export { default } from "../../node_modules/@scalar/api-reference/dist/browser/standalone.js";
