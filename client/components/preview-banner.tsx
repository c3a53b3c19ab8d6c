// SPEC §2/§4: in preview mode a banner shows when preview ends (hh:mm:ss) and a way out now.
import { useAtomValue } from "jotai";
import { useTranslation } from "../runtime/i18n-react.tsx";
import { previewUntilAtom } from "../state/atoms.ts";
import { previewExitPath } from "../../shared/cookies.ts";

/**
 * The company's time zone on both server and browser, so the rendered time never differs at hydration; the
 * text says which zone it is (Beijing time, UTC+8), since the visitor's own may differ.
 * Made on first use, not when the module loads: every page loads this island's chunk, and building a
 * formatter with a time zone loads ICU's zone data (about 30 ms of main thread on a fast machine, one long
 * task on a phone) for a banner that only previewing editors ever see.
 */
let timeFormat: Intl.DateTimeFormat | undefined;
const formatTime = (date: Date) => {
  timeFormat ??= new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", second: "2-digit", hour12: false, timeZone: "Asia/Shanghai" });
  return timeFormat.format(date);
};

export function PreviewBanner() {
  const { t } = useTranslation();
  const until = useAtomValue(previewUntilAtom);
  if (until === null) return null;
  const time = formatTime(new Date(until));
  return (
    <div className="preview-banner" role="status">
      <span>{t("preview.banner", { time })}</span>
      {/* A full load: the server removes the cookie and returns to the root (SPEC §4). */}
      <a href={previewExitPath} className="preview-banner__exit">
        {t("preview.exit")}
      </a>
    </div>
  );
}
