import { describe, expect, it } from "vitest";
import { replaceInStream } from "./replace-in-stream.ts";

async function through(chunks: string[], search: string, replacement: string) {
  const seen: string[] = [];
  const readable = new ReadableStream<string>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  }).pipeThrough(replaceInStream(search, replacement));
  const reader = readable.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) seen.push(read.value);
  return seen;
}

describe("replacing in a streamed document", () => {
  const search = '<link rel="modulepreload"';
  const replacement = '<link rel="modulepreload" fetchpriority="low"';
  const html = `<head>${search} href="/a.js">${search} href="/b.js"></head><body>modulepreload <link rel="stylesheet"></body>`;
  const expected = html.replaceAll(search, replacement);

  it("replaces every match wherever the chunks split it, and loses nothing", async () => {
    for (let size = 1; size <= html.length; size++) {
      const chunks = html.match(new RegExp(`[\\s\\S]{1,${size}}`, "g")) ?? [];
      expect((await through(chunks, search, replacement)).join(""), `chunks of ${size}`).toBe(expected);
    }
  });

  it("sends each chunk on as it comes, keeping back only what may begin a match", async () => {
    const seen = await through(["<html><head>", "<body>text</body></html>"], search, replacement);
    expect(seen).toEqual(["<html><head>", "<body>text</body></html>"]);
    expect(await through(["<p>a</p><link rel=", '"modulepreload" href="/c.js">'], search, replacement)).toEqual(["<p>a</p>", '<link rel="modulepreload" fetchpriority="low" href="/c.js">']);
  });
});
