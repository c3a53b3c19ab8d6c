// A small element tree of server-rendered HTML for route tests that check ARIA structure (React's output is
// well-formed: every non-void element is closed). Scripts, styles and comments are skipped.

export interface HtmlElement {
  tag: string;
  attributes: Record<string, string>;
  children: (HtmlElement | string)[];
  parent: HtmlElement | null;
}

const voidTags = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

function decode(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

export function parseHtml(html: string): HtmlElement {
  const root: HtmlElement = { tag: "#root", attributes: {}, children: [], parent: null };
  let current = root;
  const cleaned = html.replace(/<!--[\s\S]*?-->/g, "").replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, "");
  const pattern = /<(\/?)([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*(\/?)>|([^<]+)/g;
  for (const match of cleaned.matchAll(pattern)) {
    if (match[5] !== undefined) {
      current.children.push(decode(match[5]));
      continue;
    }
    const [, closing, rawTag, rawAttributes = "", selfClosing] = match;
    const tag = rawTag!.toLowerCase();
    if (closing) {
      if (current.tag !== tag) throw new Error(`</${tag}> closes <${current.tag}>`);
      current = current.parent!;
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const attribute of rawAttributes.matchAll(/([^\s=>/]+)(?:="([^"]*)")?/g)) attributes[attribute[1]!.toLowerCase()] = decode(attribute[2] ?? "");
    const element: HtmlElement = { tag, attributes, children: [], parent: current };
    current.children.push(element);
    if (!voidTags.has(tag) && !selfClosing) current = element;
  }
  return root;
}

export function allElements(node: HtmlElement): HtmlElement[] {
  const found: HtmlElement[] = [];
  const walk = (element: HtmlElement) => {
    for (const child of element.children) {
      if (typeof child === "string") continue;
      found.push(child);
      walk(child);
    }
  };
  walk(node);
  return found;
}

export function textContent(element: HtmlElement): string {
  return element.children
    .map((child) => (typeof child === "string" ? child : textContent(child)))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}

/** The accessible name given by aria-labelledby or aria-label (the ways the site names its regions). */
function accessibleName(element: HtmlElement, byId: Map<string, HtmlElement>): string | null {
  const labelledBy = element.attributes["aria-labelledby"];
  if (labelledBy)
    return labelledBy
      .split(/\s+/)
      .map((id) => (byId.get(id) ? textContent(byId.get(id)!) : ""))
      .join(" ")
      .trim();
  return element.attributes["aria-label"]?.trim() || null;
}

/** Landmark regions: a named section, or any element with role="region" and a name. */
export function namedRegions(root: HtmlElement): Array<{ element: HtmlElement; name: string }> {
  const elements = allElements(root);
  const byId = new Map(elements.filter((element) => element.attributes.id).map((element) => [element.attributes.id!, element]));
  return elements.flatMap((element) => {
    const isRegion = element.attributes.role === "region" || (element.tag === "section" && !element.attributes.role);
    const name = isRegion ? accessibleName(element, byId) : null;
    return name ? [{ element, name }] : [];
  });
}
