import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import type { OperatorRole } from "#contract/operator.ts";
import { DEMO_OPERATORS } from "#demo/seed.ts";
import { signInLink } from "#scripts/lib/access-stand-in.ts";
import { E2E } from "../ports.ts";

/**
 * Signs a demo operator (or any email) in through the local Access stand-in, as an operator's browser would
 * through Cloudflare Access, and opens `to` (a path of the console). The console's journeys start here.
 */
export async function signInAs(page: Page, who: OperatorRole | { email: string }, to = "/") {
  const email = typeof who === "string" ? DEMO_OPERATORS[who].email : who.email;
  await page.goto(signInLink(E2E.console, email, to));
}

/** axe-core with the WCAG 2.1 A and AA rules: no serious or critical violation on the console page open now. */
export async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).join("\n    ")}`);
  expect(serious, serious.join("\n")).toEqual([]);
}

/** Every visible link and button of the page is at least 44 px tall (the console's targets, as the storefront's). */
export async function expectTargetsAtLeast44px(page: Page) {
  const small = await page.evaluate(() =>
    Array.from(document.querySelectorAll("a[href], button"))
      .filter((el) => !el.closest(".sr-only") && el.getBoundingClientRect().width > 0)
      .filter((el) => el.getBoundingClientRect().height < 44)
      .map((el) => `${el.tagName} "${el.textContent?.trim()}" ${Math.round(el.getBoundingClientRect().height)} px`),
  );
  expect(small).toEqual([]);
}
