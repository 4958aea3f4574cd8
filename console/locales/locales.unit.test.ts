import { describe, expect, it } from "vitest";
import en from "./en.json";
import zh from "./zh.json";

const strings = (messages: Record<string, Record<string, string>>) =>
  Object.entries(messages).flatMap(([group, texts]) => Object.entries(texts).map(([name, text]) => [`${group}.${name}`, text] as const));
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe("the console's strings", () => {
  it("every English string exists in Chinese, translated, with the same placeholders, and nothing else", () => {
    const chinese = new Map(strings(zh));
    expect([...chinese.keys()].sort()).toEqual(strings(en).map(([key]) => key).sort());
    for (const [key, text] of strings(en)) {
      const translated = chinese.get(key) ?? "";
      expect(translated.trim(), key).not.toBe("");
      expect(placeholders(translated), key).toEqual(placeholders(text));
      // Chinese text has Han characters (the switch's "English" names the other language on purpose).
      if (key !== "shell.switchLanguage") expect(translated, key).toMatch(/\p{Script=Han}/u);
    }
  });
});
