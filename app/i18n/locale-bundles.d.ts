/** Each language's browser bundle, a hashed static asset (locales/browser-bundles.ts, docs/decisions/062). */
declare module "virtual:locale-bundles" {
  const bundles: Record<import("#domain/languages.ts").Language, string>;
  export default bundles;
}
