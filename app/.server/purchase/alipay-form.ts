/**
 * Reads the HTML form that Alipay's page payment returns, instead of inserting upstream HTML into the
 * page: only a form's action and its hidden fields are taken, and the action must be an https URL (or
 * root-relative, for the embedded sandbox). Anything else is refused.
 */
export interface ProviderForm {
  action: string;
  fields: [name: string, value: string][];
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&#x27;": "'" };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (entity) => ENTITIES[entity] ?? entity);
const attribute = (tag: string, name: string) => {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, "i").exec(tag);
  return match ? decode(match[1] ?? match[2] ?? "") : null;
};

export function parseProviderForm(html: string): ProviderForm | null {
  const formTag = /<form\b[^>]*>/i.exec(html)?.[0];
  if (!formTag) return null;
  const action = attribute(formTag, "action");
  if (!action || (!action.startsWith("https://") && !(action.startsWith("/") && !action.startsWith("//")))) return null;
  if ((attribute(formTag, "method") ?? "get").toLowerCase() !== "post") return null;
  const fields: [string, string][] = [];
  for (const [tag] of html.matchAll(/<input\b[^>]*>/gi)) {
    if ((attribute(tag, "type") ?? "text").toLowerCase() !== "hidden") continue;
    const name = attribute(tag, "name");
    if (name) fields.push([name, attribute(tag, "value") ?? ""]);
  }
  return { action, fields };
}
