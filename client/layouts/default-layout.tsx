// The default layout (SPEC §2): header, the page, footer, back-to-top.
import { Outlet, useLoaderData } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Header } from "../components/header/header.tsx";
import { Footer } from "../components/footer/footer.tsx";
import { BackToTop } from "../components/back-to-top.tsx";
import { LoadingBar } from "../components/loading-bar.tsx";
import type { LayoutData } from "./layout-data.ts";
import { useAtomValue } from "jotai";
import { previewUntilAtom } from "../state/atoms.ts";

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
      <Outlet />
      <Footer data={data} />
      <BackToTop />
    </div>
  );
}
