// SPEC §2: a back-to-top button that scrolls to the top; shown once the page has been scrolled.
import { useTranslation } from "../runtime/i18n-react.tsx";
import { useScrolledPast } from "../hooks.ts";

export function BackToTop() {
  const { t } = useTranslation();
  const visible = useScrolledPast(400);
  return (
    <button
      type="button"
      className={`back-to-top${visible ? " is-visible" : ""}`}
      aria-label={t("footer.backToTop")}
      tabIndex={visible ? 0 : -1}
      onClick={() => window.scrollTo({ top: 0, behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" })}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M12 5l-7 7 1.4 1.4L11 8.8V20h2V8.8l4.6 4.6L19 12z" fill="currentColor" />
      </svg>
    </button>
  );
}
