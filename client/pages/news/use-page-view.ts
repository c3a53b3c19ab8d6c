// Counts one view of an article from the browser after hydration, never during server rendering, so a
// crawler's fetch counts nothing. The upstream keeps it to once per visitor, article and day; the number
// shown is always the stored one it answers.
import { useEffect, useState } from "react";
import { addPageView } from "../../../shared/contract/news.ts";
import { pageClient } from "../../api/loader-context.ts";
import { useLanguage } from "../../hooks.ts";

export function usePageView(id: number, storedViews: number): number {
  const language = useLanguage();
  const [counted, setCounted] = useState<{ id: number; views: number } | null>(null);
  useEffect(() => {
    let current = true;
    pageClient(undefined, language)
      .call(addPageView, { id })
      .then(
        (result) => {
          if (current) setCounted({ id, views: result.views });
        },
        // A lost count must not disturb the reader; the stored number stays on screen.
        (error: unknown) => console.warn("page view not counted", String(error)),
      );
    return () => {
      current = false;
    };
  }, [id, language]);
  return counted?.id === id ? counted.views : storedViews;
}
