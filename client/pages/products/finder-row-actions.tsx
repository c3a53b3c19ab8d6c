// The action cells of a finder row: the datasheet and "add to sample list" (or, where the part's lifecycle
// refuses samples, its replacement). Both delegate to the shared
// components of the detail page (one implementation of the download flow and of adding samples).
import { useTranslation } from "../../runtime/i18n-react.tsx";
import type { ProductListItem } from "../../../shared/contract/products.ts";
import { DocumentDownloadLink } from "../../features/document-download/document-download.tsx";
import { SampleOrReplacement } from "./lifecycle.tsx";

export function DatasheetLink({ product }: { product: ProductListItem }) {
  const { t } = useTranslation("catalog");
  if (!product.datasheet) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">{t("finder.noDatasheet")}</span>
      </>
    );
  }
  // The one gated download flow (form or "don't fill in yet"); without JavaScript a plain link to the PDF.
  return (
    <DocumentDownloadLink document={product.datasheet} className="finder-datasheet">
      PDF<span className="visually-hidden"> {t("finder.datasheetOf", { part: product.partNumber })}</span>
    </DocumentDownloadLink>
  );
}

export function SampleSlot({ product }: { product: ProductListItem }) {
  return <SampleOrReplacement product={product} compact />;
}
