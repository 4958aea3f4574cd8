import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * Import patterns are gitignore lines, where a leading # starts a comment: an alias is written \\#api/*.
 * The cloud-api's layers (docs/decisions/033): a folder may import those below it, never those above.
 * Inside cloud-api/src every import of another of its files is written #api/... (one style, so each fence is
 * written once): relative imports are refused there.
 */
const apiFolder = (folder) => [`\\#api/${folder}/*`];
const RELATIVE = ["./*", "../*"];
const SQL_IN_REPOSITORIES = "SQL is written in cloud-api/src/repositories/ only (docs/decisions/033).";
const apiLayers = {
  core: ["repositories", "payments", "services", "cron", "fulfilment", "webhooks", "operations", "http"],
  repositories: ["payments", "services", "cron", "fulfilment", "webhooks", "operations", "http"],
  payments: ["services", "cron", "fulfilment", "webhooks", "operations", "http"],
  services: ["cron", "fulfilment", "webhooks", "operations", "http"],
  cron: ["fulfilment", "webhooks", "operations", "http"],
  fulfilment: ["cron", "webhooks", "operations", "http"],
  webhooks: ["cron", "fulfilment", "operations", "http"],
  operations: ["cron", "fulfilment", "webhooks"],
};
// Code asks a payment method's descriptor what it does (domain/payment-methods.ts), never which method it is.
const methodByName = [
  { selector: "ImportDeclaration[source.value='#domain/payment-methods.ts'] ImportSpecifier[imported.name='PaymentType']", message: "Branch on the method's descriptor (flow, subView, repayable, ...), not on which method it is (domain/payment-methods.ts)." },
  { selector: "MemberExpression[object.name='PAYMENT_METHODS']", message: "Branch on the method's descriptor (flow, subView, repayable, ...), not on which method it is (domain/payment-methods.ts)." },
];
const layerRules = Object.entries(apiLayers).map(([folder, above]) => ({
  files: [`cloud-api/src/${folder}/**/*.ts`],
  rules: {
    "no-restricted-imports": [
      "error",
      // The payment ledger stores what a provider answered: the provider port's types are its vocabulary.
      {
        patterns: [
          { group: [...above.flatMap(apiFolder), "\\#api/app.ts", "\\#api/index.ts", "!\\#api/payments/provider.ts"], message: `cloud-api/src/${folder}/ imports only the layers below it (docs/decisions/033).` },
          { group: RELATIVE, message: "cloud-api/src imports its own files as #api/... (docs/decisions/033)." },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ["build/", "console/build/", "dist/", ".react-router/", "console/.react-router/", "**/.wrangler/", "node_modules/", "test-results/", "test-reports/", "playwright-report/", "bench/.lighthouse/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["app/**/*.tsx", "console/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-namespace": "off",
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["\\#api/*", "**/cloud-api/src/*", "**/cloud-api/src/**"], message: "The storefront speaks the contract only (docs/architecture.md §2)." }] },
      ],
    },
  },
  {
    // The console speaks the contract only, like the storefront, and shares none of the storefront's code
    // (docs/decisions/056): what both Workers do alike lives in platform/.
    files: ["console/**/*.ts", "console/**/*.tsx"],
    ignores: ["console/*.config.ts", "console/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["\\#api/*", "\\#app/*", "\\#demo/*", "**/cloud-api/**"], message: "The console speaks the contract only and shares platform/ with the storefront (docs/decisions/056)." }] },
      ],
    },
  },
  {
    // Pure rules import nothing from either Worker.
    files: ["domain/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["\\#app/*", "\\#api/*", "\\#demo/*", "\\#contract/*", "**/app/**", "**/cloud-api/**", "react*", "hono*"], message: "domain/ is pure: no Worker or framework imports." }] }],
    },
  },
  {
    // The wire contract both Workers import: zod and the pure rules of domain/, nothing else.
    files: ["contract/**/*.ts"],
    ignores: ["contract/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^(?!zod$|#domain/|\\./[^/]+$)", message: "contract/ imports only zod and domain/ (docs/decisions/033)." }] },
      ],
    },
  },
  {
    // Workers platform helpers both Workers use (the bench's D1 probe, traces and log lines): the contract, pure
    // rules and the runtime's AsyncLocalStorage only.
    files: ["platform/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(?!#contract/|#domain/|node:async_hooks$|@sentry/cloudflare$|\\./[^/]+$)",
              message: "platform/ imports only contract/, domain/, node:async_hooks and @sentry/cloudflare (docs/architecture.md §2).",
            },
          ],
        },
      ],
    },
  },
  {
    // Screen paths live in the catalogue (app/catalogue/screens.ts); links come from it through href().
    files: ["app/**/*.ts", "app/**/*.tsx"],
    ignores: ["app/catalogue/screens.ts", "app/catalogue/app-home.ts", "app/routes.ts", "**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "Literal[value=/\\/app-h5/]", message: "Screen paths come from the catalogue (app/catalogue/screens.ts)." },
        { selector: "TemplateElement[value.raw=/\\/app-h5/]", message: "Screen paths come from the catalogue (app/catalogue/screens.ts)." },
        ...methodByName,
      ],
    },
  },
  {
    files: ["cloud-api/**/*.ts", "test/**/*.ts", "**/*.worker.test.ts", "e2e/**/*.ts", "scripts/**/*.ts"],
    rules: { "no-restricted-imports": "off", "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // One import style everywhere in cloud-api/src; the layers' rules below add their fences to it.
    files: ["cloud-api/src/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: RELATIVE, message: "cloud-api/src imports its own files as #api/... (docs/decisions/033)." }] }],
      "no-restricted-syntax": ["error", ...methodByName],
    },
  },
  {
    // Every SQL statement lives in repositories/ (docs/decisions/033), in capitals as everywhere there: other layers
    // compose the statements it hands out (batch()), so that a table's columns and rules are read in one folder.
    files: ["cloud-api/src/**/*.ts"],
    ignores: ["cloud-api/src/repositories/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "CallExpression[callee.property.name='prepare']", message: SQL_IN_REPOSITORIES },
        { selector: "Literal[value=/^\\s*(SELECT|INSERT|UPDATE|DELETE|REPLACE|WITH)\\s/]", message: SQL_IN_REPOSITORIES },
        { selector: "TemplateElement[value.raw=/^\\s*(SELECT|INSERT|UPDATE|DELETE|REPLACE|WITH)\\s/]", message: SQL_IN_REPOSITORIES },
        // A later block replaces the rule's whole list for its files, so the payment-method fence is repeated here.
        ...methodByName,
      ],
    },
  },
  ...layerRules,
);
