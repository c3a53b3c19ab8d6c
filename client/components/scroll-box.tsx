// A wide table's own horizontal scroll box, with a visible cue that it scrolls: a short hint held at its
// left edge and faded edges on the side(s) with more to see. Without JavaScript (or before hydration) a
// phone-width screen shows the hint and the right edge's fade; once measured, only a box wider than its
// content drops both. Focusable and named, so keyboard and screen-reader users can scroll it too.
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "../runtime/i18n-react.tsx";

/** Where the box is scrolled, or "none" when its content fits. */
type ScrollState = "none" | "start" | "middle" | "end";

function scrollState(element: HTMLElement): ScrollState {
  const room = element.scrollWidth - element.clientWidth;
  if (room <= 1) return "none";
  if (element.scrollLeft <= 1) return "start";
  return element.scrollLeft >= room - 1 ? "end" : "middle";
}

export function ScrollBox({ className, label, labelledBy, children }: { className: string; label?: string; labelledBy?: string | undefined; children: ReactNode }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ScrollState | undefined>(undefined);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const update = () => setState(scrollState(element));
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    element.addEventListener("scroll", update, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener("scroll", update);
    };
  }, []);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a div keeps the box out of the pages' section styles; role and name make it the same region.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus so a keyboard can scroll it (axe's scrollable-region-focusable).
    <div ref={box} className={`scroll-box ${className}`} role="region" aria-label={label} aria-labelledby={labelledBy} tabIndex={0} data-scroll={state}>
      <p className="scroll-box__hint">
        <span aria-hidden="true">↔ </span>
        {t("scrollHint")}
      </p>
      {children}
    </div>
  );
}
