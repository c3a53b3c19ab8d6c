// The default layout (SPEC §2): header, the page, footer, back-to-top.
import { Suspense } from "react";
import { Outlet, useLoaderData } from "react-router-dom";
import { useTranslation } from "../runtime/i18n-react.tsx";
import { Header } from "../components/header/header.tsx";
import { island } from "../runtime/island.tsx";
import type { LayoutData } from "./layout-data.ts";
import { useAtomValue } from "jotai";
import { previewUntilAtom } from "../state/atoms.ts";

// The footer is links and contact facts: hydrated last, from its own chunk (island.tsx).
const Footer = island(() => import("../components/footer/footer.tsx").then((module) => module.Footer));
// Needed only once the visitor has scrolled down a page, or follows a link: both hydrate after the page.
const BackToTop = island(() => import("../components/back-to-top.tsx").then((module) => module.BackToTop));
const LoadingBar = island(() => import("../components/loading-bar.tsx").then((module) => module.LoadingBar));

export function Component() {
  const data = useLoaderData() as LayoutData;
  const { t } = useTranslation();
  const preview = useAtomValue(previewUntilAtom) !== null;
  return (
    <div className={`layout${preview ? " layout--preview" : ""}`}>
      <LoadingBar />
      <a className="skip-link" href="#main">
        {t("skipToContent")}
      </a>
      <Header data={data} />
      {/* The page is a boundary of its own: React hydrates the header first, then the page in slices that
          yield to the browser, instead of one long task for the whole document
          (docs/decisions/008-islands.md). */}
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
      <Footer data={data} />
      <BackToTop />
    </div>
  );
}
