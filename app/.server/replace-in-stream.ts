/**
 * A stream of text with every `search` replaced, chunk by chunk: a match split between two chunks is
 * found because the end of each chunk that could begin one waits for the next. The document is sent as it
 * is rendered instead of being read whole into one string first.
 */
export function replaceInStream(search: string, replacement: string): TransformStream<string, string> {
  let pending = "";
  return new TransformStream({
    transform(chunk, controller) {
      const text = (pending + chunk).replaceAll(search, replacement);
      // Keep back the longest end of the text that is a beginning of `search`.
      let kept = Math.min(search.length - 1, text.length);
      while (kept > 0 && !search.startsWith(text.slice(text.length - kept))) kept--;
      pending = text.slice(text.length - kept);
      if (text.length > kept) controller.enqueue(text.slice(0, text.length - kept));
    },
    flush(controller) {
      if (pending) controller.enqueue(pending);
    },
  });
}
