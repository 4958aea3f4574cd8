/** Scalar's standalone API reference bundle, imported as text (cloud-api/vendor/api-reference.ts). */
declare module "*/@scalar/api-reference/dist/browser/standalone.js" {
  const source: string;
  export default source;
}
