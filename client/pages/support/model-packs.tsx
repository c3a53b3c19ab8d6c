// The simulation-models page's family packs: each product family's model files of the newest version in one ZIP
// archive (server/upstream/models/family-packs.ts), downloadable without a form like the files themselves.
import type { ListedPack } from "./support-loader.ts";
import { API_BASE } from "../../features/document-download/download-memory.ts";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import "../../styles/document-download.css";

export function ModelPacks({ packs }: { packs: ListedPack[] }) {
  const { t } = useTranslation("support");
  return (
    <section className="doc-library" aria-labelledby="model-packs-title">
      <h2 id="model-packs-title">{t("packs.title")}</h2>
      <p>{t("packs.intro")}</p>
      <ul className="document-rows">
        {packs.map((pack) => (
          <li key={pack.familyId} className="document-row">
            <div className="document-row__text">
              <span className="document-row__title">{pack.name}</span>
              <span className="document-row__meta">{t("packs.meta", { parts: pack.partCount, files: pack.files, version: pack.version, date: pack.date })}</span>
            </div>
            <a className="document-download" href={`${API_BASE}${pack.downloadPath}`} download="" rel="nofollow">
              {t("packs.download")}
              <span className="visually-hidden"> {pack.name}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
