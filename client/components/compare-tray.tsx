// The compare tray: up to 4 products picked in any finder, kept for the browser session
// (sessionStorage, read after hydration so the server HTML and the first client render agree), and a
// link to the compare page whose state lives only in its URL.
import { useEffect } from "react";
import { atom, useAtom, useAtomValue } from "jotai";
import { useLocation } from "react-router-dom";
import { Link } from "./link.tsx";
import { useTranslation } from "../runtime/i18n-react.tsx";
import { useLocalize } from "../hooks.ts";
import { COMPARE_MAX, writeCompareQuery } from "../../shared/query/compare.ts";
import { comparePath } from "../../shared/paths.ts";

const STORAGE_KEY = "qy-compare";

export interface CompareItem {
  id: number;
  partNumber: string;
}

const compareItemsAtom = atom<CompareItem[]>([]);
/** False until the tray has read sessionStorage: only then may a full tray disable the other checkboxes. */
const compareReadyAtom = atom(false);

/**
 * The compare page of the picked parts with the finder's own query after them: compare's loader redirects to its
 * canonical address, which keeps the estimator's op= and with= and drops the finder's filters, sort and page
 * (docs/decisions/049-converter-on-finder-and-compare.md). Fewer bytes on the finder's first load than picking the two.
 */
export function compareHref(items: readonly CompareItem[], search: string): string {
  return comparePath(writeCompareQuery(items.map((item) => item.partNumber)) + search.replace("?", "&"));
}

function readStored(): CompareItem[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((item): item is CompareItem => !!item && typeof item.id === "number" && typeof item.partNumber === "string" && /^[\w.-]{1,64}$/.test(item.partNumber))
      .slice(0, COMPARE_MAX);
  } catch {
    // Storage blocked (privacy mode) or garbage: start empty.
    return [];
  }
}

/** The checkbox side: whether a product is picked, and toggling it (refused when the tray is full). */
export function useCompare() {
  const [items, setItems] = useAtom(compareItemsAtom);
  const ready = useAtomValue(compareReadyAtom);
  const has = (id: number) => items.some((item) => item.id === id);
  const toggle = (item: CompareItem) => {
    if (has(item.id)) setItems(items.filter((candidate) => candidate.id !== item.id));
    else if (items.length < COMPARE_MAX) setItems([...items, item]);
  };
  return { items, ready, has, toggle, full: items.length >= COMPARE_MAX };
}

export function CompareTray() {
  const { t } = useTranslation("catalog");
  const localize = useLocalize();
  const [items, setItems] = useAtom(compareItemsAtom);
  const [ready, setReady] = useAtom(compareReadyAtom);
  const { search } = useLocation();

  useEffect(() => {
    if (!ready) {
      setItems(readStored());
      setReady(true);
    }
  }, [ready, setItems, setReady]);

  useEffect(() => {
    if (!ready) return;
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(items));
    } catch {
      // Not stored: the tray still works for this page.
    }
  }, [items, ready]);

  return (
    <section className={`compare-tray${items.length ? " is-open" : ""}`} aria-label={t("compare.tray")} hidden={!items.length}>
      <p className="compare-tray__title" aria-live="polite">
        {t("compare.count", { count: items.length, max: COMPARE_MAX })}
      </p>
      <ul className="compare-tray__list">
        {items.map((item) => (
          <li key={item.id}>
            <span>{item.partNumber}</span>
            <button
              type="button"
              className="compare-tray__remove"
              aria-label={t("compare.remove", { part: item.partNumber })}
              onClick={() => setItems(items.filter((candidate) => candidate.id !== item.id))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <div className="compare-tray__actions">
        {items.length >= 2 ? (
          <Link className="button button--primary" to={localize(compareHref(items, search))}>
            {t("compare.go")}
          </Link>
        ) : (
          <span className="compare-tray__hint">{t("compare.pickMore")}</span>
        )}
        <button type="button" className="button" onClick={() => setItems([])}>
          {t("compare.clear")}
        </button>
      </div>
    </section>
  );
}
