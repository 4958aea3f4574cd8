import { describe, expect, it } from "vitest";
import { REFUSAL_REASONS } from "#domain/refusals.ts";
import de from "#locales/de/common.json";
import en from "#locales/en/common.json";
import { createTranslator } from "#app/i18n/translate.ts";
import { refusalMessage } from "./refusal-message.ts";

describe("refusal message", () => {
  const english = createTranslator("en", en);
  const german = createTranslator("de", de);

  it("words every reason of the vocabulary with its own text", () => {
    const texts = REFUSAL_REASONS.map((reason) => refusalMessage(english, { status: 409, reason }));
    texts.forEach((text, i) => expect(text, REFUSAL_REASONS[i]).not.toMatch(/^upstreamErrors\./));
    expect(new Set(texts).size).toBe(REFUSAL_REASONS.length);
    expect(refusalMessage(german, { status: 409, reason: "card_already_received" })).toBe("Diese Karte wurde bereits eingelöst.");
  });

  it("words a refusal without a reason by its status, and an unknown status as a service problem", () => {
    expect(refusalMessage(english, { status: 403, reason: null })).toBe(en.upstreamErrors.device_not_yours);
    expect(refusalMessage(english, { status: 429, reason: null })).toBe(en.errors.rateLimited);
    expect(refusalMessage(english, { status: 404, reason: null })).toBe(en.upstreamErrors.byStatus.notFound);
    expect(refusalMessage(english, { status: 409, reason: null })).toBe(en.upstreamErrors.byStatus.conflict);
    expect(refusalMessage(english, { status: 400, reason: null })).toBe(en.upstreamErrors.byStatus.invalid);
    expect(refusalMessage(german, { status: 500, reason: null })).toBe(de.errors.badAnswer);
    expect(refusalMessage(german, { status: 401, reason: null })).toBe(de.errors.badAnswer);
  });
});
