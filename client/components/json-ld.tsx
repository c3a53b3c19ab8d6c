// Structured data for crawlers (schema.org as JSON-LD). A data block is not executed, so it needs no
// CSP nonce; its text is escaped as the hydration data is, so that no value can close the script element.
import { serializeForScript } from "../../shared/text/html.ts";

export function JsonLd({ data }: { data: Record<string, unknown> | Record<string, unknown>[] }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a JSON data block, escaped by serializeForScript so no value can close the element.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeForScript(data) }} />;
}
