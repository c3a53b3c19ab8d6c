// Keeps an open finder filter list inside the viewport: the list hangs from its button's left edge, and a
// button near the right edge would push it past the screen. Measured once on open (CSS cannot know where a
// wrapped button ends up in every browser); without JavaScript the list keeps its default placement.

/** Space kept between the list and the viewport's edge, in CSS pixels. */
const EDGE = 8;

export function fitFilterPanel(details: HTMLDetailsElement): void {
  const panel = details.querySelector<HTMLElement>(".finder-filter__panel");
  if (!panel) return;
  panel.style.removeProperty("left");
  // A phone's list is in the flow (static), nothing to move.
  if (!details.open || getComputedStyle(panel).position !== "absolute") return;
  const box = panel.getBoundingClientRect();
  const overflow = box.right - (document.documentElement.clientWidth - EDGE);
  // Shift left by what overflows, but never past the viewport's left edge.
  if (overflow > 0) panel.style.left = `${-Math.min(overflow, Math.max(0, box.left - EDGE))}px`;
}
