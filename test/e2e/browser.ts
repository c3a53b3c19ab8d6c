// Debian's Chromium through playwright-core (never a downloaded browser), with the flags this machine needs.
import { chromium, type Browser, type Page } from "playwright-core";

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

/** Collects console errors, page errors and React's hydration warnings; a test asserts the list is empty. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    const text = message.text();
    if (message.type() === "error" || /hydrat/i.test(text)) problems.push(`${message.type()}: ${text}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/**
 * Waits until the entry has hydrated the page (<html data-hydrated="true">, set when React has committed the
 * hydrated tree) and its islands. The header's and footer's parts are islands, hydrated at idle after the rest:
 * clicked before, a link there is held back by React (a boundary it has not hydrated yet) and the browser loads
 * its target as a document, where a test means the router's navigation. An island has hydrated when React has
 * taken over its elements: every element under #root carries React's fiber, except inside an element whose HTML
 * React set as a string (the content's rich text). `islands: false` waits for the page alone (an island whose
 * chunk fails never hydrates).
 */
export async function hydrated(page: Page, { islands = true }: { islands?: boolean } = {}): Promise<void> {
  await page.waitForFunction((withIslands) => {
    if (document.documentElement.dataset.hydrated !== "true") return false;
    if (!withIslands) return true;
    const internal = (element: Element, prefix: string) => Object.entries(element).find(([key]) => key.startsWith(prefix))?.[1];
    const pending = (element: Element): boolean => {
      if (!internal(element, "__reactFiber$")) return true;
      const props = internal(element, "__reactProps$") as { dangerouslySetInnerHTML?: unknown } | undefined;
      return !props?.dangerouslySetInnerHTML && [...element.children].some(pending);
    };
    const root = document.getElementById("root");
    return root !== null && ![...root.children].some(pending);
  }, islands);
}
