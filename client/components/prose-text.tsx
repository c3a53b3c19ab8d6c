// Prose as the content writes it ("RDS(on) 40 mΩ at VGS = 18 V", "T_C = 25 °C"), its device symbols
// subscripted like the tables' (shared/text/prose-symbols.ts).
import { proseSubscripts } from "../../shared/text/prose-symbols.ts";
import { SubscriptParts } from "./param-name.tsx";

export function ProseText({ text }: { text: string }) {
  return <SubscriptParts parts={proseSubscripts(text)} />;
}
