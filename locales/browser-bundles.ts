import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Plugin } from "vite";
import { browserMessages, type Messages } from "../app/i18n/translate.ts";
import { FALLBACK_LANGUAGE, LANGUAGES } from "../domain/languages.ts";

/** The module that maps each language to its bundle's address: `import bundles from "virtual:locale-bundles"`. */
const MODULE_ID = "virtual:locale-bundles";
const RESOLVED_ID = `\0${MODULE_ID}`;

const commonPath = (language: string) => new URL(`./${language}/common.json`, import.meta.url);
const readCommon = (language: string) => JSON.parse(readFileSync(commonPath(language), "utf8")) as Messages;

/** Each language's browser bundle (app/i18n/translate.ts browserMessages) and the address named by its content's hash. */
export function localeBundles(): { language: string; fileName: string; source: string }[] {
  const fallback = readCommon(FALLBACK_LANGUAGE);
  return LANGUAGES.map((language) => {
    const source = JSON.stringify(browserMessages(readCommon(language), fallback));
    return { language, source, fileName: `assets/messages-${language}-${createHash("sha256").update(source).digest("hex").slice(0, 10)}.json` };
  });
}

/**
 * The translation bundles as hashed static assets (docs/decisions/062): the client build writes one per
 * language beside its scripts, the dev server serves them, and both builds read their addresses from the
 * virtual module, so a document names its language's bundle instead of carrying it in its loader data.
 */
export function localeBundlesPlugin(): Plugin {
  let bundles = localeBundles();
  return {
    name: "camcloud-locale-bundles",
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      for (const language of LANGUAGES) this.addWatchFile(commonPath(language).pathname);
      bundles = localeBundles();
      return `export default ${JSON.stringify(Object.fromEntries(bundles.map((bundle) => [bundle.language, `/${bundle.fileName}`])))};`;
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const bundle = bundles.find((candidate) => request.url === `/${candidate.fileName}`);
        if (!bundle) return next();
        response.setHeader("Content-Type", "application/json; charset=utf-8");
        response.end(bundle.source);
      });
    },
    generateBundle() {
      if (this.environment.name !== "client") return;
      for (const bundle of localeBundles()) this.emitFile({ type: "asset", fileName: bundle.fileName, source: bundle.source });
    },
  };
}
