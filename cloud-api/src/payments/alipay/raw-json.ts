/**
 * The exact text of a top-level member's value in a JSON object, as it was sent: Alipay signs the
 * response node's raw JSON (its escapes and spacing included), so re-serialising a parsed object would
 * not reproduce what was signed. Null when the text is not an object or has no such member; the
 * caller still parses the whole text with JSON.parse before trusting anything in it.
 */
export function rawMemberText(json: string, member: string): string | null {
  let i = 0;
  const skipSpace = () => {
    while (i < json.length && " \t\r\n".includes(json[i] ?? "")) i++;
  };
  const skipString = () => {
    // at the opening quote
    i++;
    while (i < json.length && json[i] !== '"') i += json[i] === "\\" ? 2 : 1;
    if (i >= json.length) throw new SyntaxError("unterminated string");
    i++;
  };
  const skipValue = () => {
    if (json[i] === '"') return skipString();
    if (json[i] !== "{" && json[i] !== "[") {
      while (i < json.length && !",}] \t\r\n".includes(json[i] ?? "")) i++;
      return;
    }
    let depth = 0;
    do {
      const c = json[i];
      if (c === '"') {
        skipString();
        continue;
      }
      if (c === "{" || c === "[") depth++;
      else if (c === "}" || c === "]") depth--;
      i++;
    } while (depth > 0 && i < json.length);
    if (depth !== 0) throw new SyntaxError("unbalanced value");
  };

  try {
    skipSpace();
    if (json[i] !== "{") return null;
    i++;
    for (;;) {
      skipSpace();
      if (json[i] !== '"') return null;
      const keyStart = i;
      skipString();
      const key = JSON.parse(json.slice(keyStart, i)) as string;
      skipSpace();
      if (json[i] !== ":") return null;
      i++;
      skipSpace();
      const valueStart = i;
      skipValue();
      if (key === member) return json.slice(valueStart, i);
      skipSpace();
      if (json[i] !== ",") return null;
      i++;
    }
  } catch {
    return null;
  }
}
