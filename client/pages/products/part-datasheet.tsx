// The datasheet's part of a product page: ratings and characteristics with their test conditions and
// min/typ/max, the orderable part numbers with packing and compliance, and the package's key dimensions.
// An island (client/runtime/island.tsx): the server renders it in full and it has no interaction to wait
// for, so its code stays out of the page's first load.
import type { ReactNode } from "react";
import type { ProductDetail } from "../../../shared/contract/products.ts";
import type { CharacteristicRow } from "../../../shared/contract/part-data.ts";
import { qualificationsOf } from "../../../shared/catalog/product-facts.ts";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { ScrollBox } from "../../components/scroll-box.tsx";
import { ProseText } from "../../components/prose-text.tsx";
import { conditionsText } from "./param-label.tsx";

/** A datasheet number as printed: a true minus sign, no trailing zeros. */
function numberText(value: number | null): string {
  return value === null ? "" : String(value).replace("-", "\u2212");
}

export function PartDatasheet({ product }: { product: ProductDetail }) {
  const { t } = useTranslation("product");
  const ratings = product.characteristics.filter((row) => row.group === "ratings");
  const characteristics = product.characteristics.filter((row) => row.group === "characteristics");
  const { ordering, outline } = product;
  if (!ratings.length && !characteristics.length && !ordering && !outline) return null;
  return (
    <>
      {ratings.length || characteristics.length ? (
        <section className="product-section" aria-labelledby="characteristics">
          <h2 id="characteristics">{t("partData.characteristics")}</h2>
          {ratings.length ? <CharacteristicTable caption={t("partData.ratings")} rows={ratings} /> : null}
          {characteristics.length ? <CharacteristicTable caption={t("partData.electrical")} rows={characteristics} /> : null}
          <p className="part-data__note">{t("partData.conditionsNote")}</p>
        </section>
      ) : null}
      {ordering ? <OrderingSection product={product} ordering={ordering} /> : null}
      {outline ? <OutlineSection outline={outline} /> : null}
    </>
  );
}

/** The orderable part numbers with packing, and the compliance facts (the product page and the HTML datasheet). */
export function OrderingSection({ product, ordering }: { product: ProductDetail; ordering: NonNullable<ProductDetail["ordering"]> }) {
  const { t } = useTranslation("product");
  const qualifications = qualificationsOf(product.params);
  return (
    <section className="product-section" aria-labelledby="ordering">
      <h2 id="ordering">{t("partData.ordering")}</h2>
      <Table caption={t("partData.orderingCaption", { part: product.partNumber })}>
        <thead>
          <tr>
            <th scope="col">{t("partData.code")}</th>
            <th scope="col">{t("partData.packing")}</th>
            <th scope="col" className="part-data__number">
              {t("partData.quantity")}
            </th>
            <th scope="col" className="part-data__number">
              {t("partData.minimumOrder")}
            </th>
          </tr>
        </thead>
        <tbody>
          {ordering.codes.map((code) => (
            <tr key={code.code}>
              <th scope="row" className="part-data__code">
                {code.code}
              </th>
              <td>{t(`partData.packingKind.${code.packing}`)}</td>
              <td className="part-data__number">{t("partData.pieces", { count: code.quantity })}</td>
              <td className="part-data__number">{t("partData.pieces", { count: code.minimumOrder })}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <h3 id="compliance">{t("partData.compliance")}</h3>
      <dl className="part-data__facts" aria-labelledby="compliance">
        <div>
          <dt>{t("partData.msl")}</dt>
          <dd>{ordering.msl ? t("partData.mslLevel", { level: ordering.msl }) : t("partData.mslNone")}</dd>
        </div>
        <div>
          <dt>RoHS</dt>
          <dd>{ordering.rohs ? t("partData.rohsYes") : t("partData.rohsNo")}</dd>
        </div>
        <div>
          <dt>REACH</dt>
          <dd>{ordering.reach ? t("partData.reachYes") : t("partData.reachNo")}</dd>
        </div>
        <div>
          <dt>{t("partData.automotive")}</dt>
          <dd>{qualifications.length ? t("partData.qualified", { standards: qualifications.join(", ") }) : t("partData.notQualified")}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The package's key dimensions and weight (the product page and the HTML datasheet). */
export function OutlineSection({ outline }: { outline: NonNullable<ProductDetail["outline"]> }) {
  const { t } = useTranslation("product");
  return (
    <section className="product-section" aria-labelledby="package-outline">
      <h2 id="package-outline">{t("partData.outline", { package: outline.name })}</h2>
      {outline.dimensions.length ? (
        <Table caption={t("partData.outlineCaption", { package: outline.name })}>
          <thead>
            <tr>
              <th scope="col">{t("partData.dimension")}</th>
              <th scope="col">{t("partData.symbol")}</th>
              <th scope="col" className="part-data__number">
                {t("partData.nominal")}
              </th>
            </tr>
          </thead>
          <tbody>
            {outline.dimensions.map((dimension) => (
              <tr key={`${dimension.symbol}-${dimension.name}`}>
                <th scope="row">{dimension.name}</th>
                <td>{dimension.symbol}</td>
                <td className="part-data__number">{numberText(dimension.value)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : (
        <p>{t("partData.outlineOnRequest")}</p>
      )}
      {outline.weight ? <p>{t("partData.weight", { weight: outline.weight })}</p> : null}
    </section>
  );
}

function Table({ caption, wide = false, children }: { caption: string; wide?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ScrollBox className="table-scroll" label={t("tableRegion", { name: caption })}>
      <table className={wide ? "param-table part-data__table part-data__table--wide" : "param-table part-data__table"}>
        <caption>{caption}</caption>
        {children}
      </table>
    </ScrollBox>
  );
}

/** A ratings or characteristics table: name, symbol, test conditions, min, typ, max and unit per line. */
export function CharacteristicTable({ caption, rows }: { caption: string; rows: CharacteristicRow[] }) {
  const { t } = useTranslation("product");
  return (
    <Table caption={caption} wide>
      <thead>
        <tr>
          <th scope="col">{t("partData.parameter")}</th>
          <th scope="col">{t("partData.symbol")}</th>
          <th scope="col">{t("partData.conditions")}</th>
          <th scope="col" className="part-data__number">
            {t("partData.min")}
          </th>
          <th scope="col" className="part-data__number">
            {t("partData.typ")}
          </th>
          <th scope="col" className="part-data__number">
            {t("partData.max")}
          </th>
          <th scope="col">{t("partData.unit")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
          <tr key={index}>
            <th scope="row">{row.name}</th>
            <td className="part-data__symbol">
              <ProseText text={row.symbol} />
            </td>
            <td className="part-data__conditions">{row.conditions ? <ProseText text={conditionsText(row.conditions)} /> : null}</td>
            <td className="part-data__number">{numberText(row.min)}</td>
            <td className="part-data__number">{numberText(row.typ)}</td>
            <td className="part-data__number">{numberText(row.max)}</td>
            <td>{row.unit}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
