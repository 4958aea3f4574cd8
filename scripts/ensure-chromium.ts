/**
 * Makes sure the e2e tests and screenshots have a Chromium and fonts for every language:
 * CHROMIUM_PATH if set; else Playwright's own browser, installed when downloads work; else Debian's
 * chromium and chromium-headless-shell with apt (scripts/lib/browser.ts says which runs what). Where
 * apt is available, the CJK and Thai fonts too (without them zh, ja and th render as empty boxes).
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { DEBIAN_CHROMIUM, DEBIAN_HEADLESS_SHELL, playwrightChromium, testBrowserPath } from "./lib/browser.ts";
import { run } from "./lib/process.ts";
import { ROOT } from "./lib/project.ts";

const hasCommand = (name: string) => {
  try {
    execFileSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};
const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
let aptUpdated = false;
async function aptInstall(packages: string[]): Promise<void> {
  const apt = (args: string[]) => (sudo.length ? run("sudo", ["apt-get", ...args]) : run("apt-get", args));
  if (!aptUpdated) await apt(["update", "-qq"]);
  aptUpdated = true;
  await apt(["install", "-y", "-qq", "--no-install-recommends", ...packages]);
}

if (process.env.CHROMIUM_PATH) {
  if (!existsSync(process.env.CHROMIUM_PATH)) throw new Error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist`);
} else if (!playwrightChromium() && !existsSync(DEBIAN_CHROMIUM) && !existsSync(DEBIAN_HEADLESS_SHELL)) {
  // --with-deps: the libraries the browser needs, with apt, where there is apt.
  const install = ["install", ...(hasCommand("apt-get") ? ["--with-deps"] : []), "chromium"];
  const download = process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD ? Promise.reject(new Error("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD is set")) : run(`${ROOT}node_modules/.bin/playwright`, install);
  await download.catch(async (error: unknown) => {
    if (!hasCommand("apt-get")) throw new Error(`no Chromium: Playwright's could not be installed (${String(error)}) and apt-get is missing; set CHROMIUM_PATH`);
    console.log(`Playwright's Chromium could not be installed (${String(error)}): installing Debian's chromium and its headless shell with apt-get`);
    await aptInstall(["chromium", "chromium-headless-shell"]);
  });
} else if (!playwrightChromium() && !existsSync(DEBIAN_HEADLESS_SHELL) && hasCommand("apt-get")) {
  // Debian's full browser is there: the lighter headless shell beside it, or the tests run in the full one.
  console.log("Installing Debian's chromium-headless-shell with apt-get: the tests spend a third less CPU in it");
  await aptInstall(["chromium-headless-shell"]).catch((error: unknown) => console.log(`Warning: no headless shell (${String(error)}); the tests use ${DEBIAN_CHROMIUM}`));
}
console.log(`Chromium for the tests: ${testBrowserPath() ?? "Playwright's headless shell"}`);

const fonts = hasCommand("fc-list") ? execFileSync("fc-list", [":", "family"], { encoding: "utf8" }) : "";
const missing = [
  ...(/Noto Sans CJK/i.test(fonts) ? [] : ["fonts-noto-cjk"]),
  ...(/Loma|Garuda|Kinnari|Norasi|Noto Sans Thai/i.test(fonts) ? [] : ["fonts-thai-tlwg"]),
];
if (missing.length && hasCommand("apt-get")) {
  console.log(`Fonts for Chinese, Japanese and Thai are missing: installing ${missing.join(" ")} with apt-get`);
  await aptInstall(missing);
} else if (missing.length) {
  console.log(`Warning: no ${missing.join(" ")} and no apt-get: Chinese, Japanese or Thai may render as boxes in screenshots`);
}
