// A table's own horizontal scroll box: on a phone a wide table scrolls inside it instead of pushing the
// whole page sideways. Focusable and named, so keyboard users can scroll it too (axe: scrollable-region-focusable);
// the shared ScrollBox adds the cue that it scrolls.
import type { ReactNode } from "react";
import { ScrollBox } from "../../components/scroll-box.tsx";

export function ScrollRegion({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <ScrollBox className={`estimate-scroll${className ? ` ${className}` : ""}`} label={label}>
      {children}
    </ScrollBox>
  );
}
