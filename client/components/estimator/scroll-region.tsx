// A table's own horizontal scroll box: on a phone a wide table scrolls inside it instead of pushing the
// whole page sideways. Focusable and named, so keyboard users can scroll it too (axe: scrollable-region-focusable).
import type { ReactNode } from "react";

export function ScrollRegion({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={`estimate-scroll${className ? ` ${className}` : ""}`} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
