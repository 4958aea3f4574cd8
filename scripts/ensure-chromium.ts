/** Installs Debian's Chromium when /usr/bin/chromium is missing (browser downloads do not work here). */
import { existsSync } from "node:fs";
import { run } from "./lib/process.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

if (!existsSync(CHROMIUM)) {
  console.log(`${CHROMIUM} is missing: installing Debian's chromium with apt-get`);
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  const apt = (args: string[]) => (sudo.length ? run("sudo", ["apt-get", ...args]) : run("apt-get", args));
  await apt(["update", "-qq"]);
  await apt(["install", "-y", "-qq", "--no-install-recommends", "chromium"]);
  if (!existsSync(CHROMIUM)) throw new Error(`apt-get finished but ${CHROMIUM} is still missing`);
}
