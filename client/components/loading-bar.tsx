// The loading bar of SPEC §9: a thin bar at the top of the page while a navigation loads. Quick
// navigations show nothing (it appears only after 200 ms); when the page arrives the bar runs to the
// end and fades; after 5 s it gives up (the navigation goes on, the bar no longer claims progress).
import { useEffect, useState } from "react";
import { useNavigation } from "react-router-dom";
import { useTranslation } from "../runtime/i18n-react.tsx";

/** SPEC §9: throttle 200 ms, duration 5000 ms. */
const LOADING_BAR_DELAY_MS = 200;
const LOADING_BAR_GIVE_UP_MS = 5000;

type Phase = "idle" | "loading" | "done";

export function LoadingBar() {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const [phase, setPhase] = useState<Phase>("idle");

  useEffect(() => {
    if (busy) {
      const show = setTimeout(() => setPhase("loading"), LOADING_BAR_DELAY_MS);
      const giveUp = setTimeout(() => setPhase("idle"), LOADING_BAR_GIVE_UP_MS);
      return () => {
        clearTimeout(show);
        clearTimeout(giveUp);
      };
    }
    // Finished: complete the bar if it was showing, then take it away once its fade has run.
    setPhase((current) => (current === "loading" ? "done" : "idle"));
    const hide = setTimeout(() => setPhase("idle"), 400);
    return () => clearTimeout(hide);
  }, [busy]);

  if (phase === "idle") return null;
  return <div className={`loading-bar loading-bar--${phase}`} role="progressbar" aria-label={t("loadingPage")} aria-busy={phase === "loading"} />;
}
