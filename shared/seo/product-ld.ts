// schema.org Product of a detail page: name, sku = part number, brand, category, description,
// image, weight, and the key parameters as PropertyValue (with UN/CEFACT unit codes where one exists, so crawlers
// read "1200 V" as a quantity, not as text) with their test conditions and limits, and the part's lifecycle state as
// a PropertyValue with the day it began (schema.org has no lifecycle term for a part; a discontinued one offers no
// new orders).
import type { ParamColumn, ProductDetail } from "../contract/products.ts";
import { htmlLang, localizePath, type Language } from "../languages.ts";
import { paramNameText, withoutUnit } from "../text/param-name.ts";
import { absoluteUrl } from "./seo.ts";
import { productDetailPath } from "../paths.ts";

/** UN/ECE Recommendation 20 common codes of the units our parameter columns use (checked against the published
 * list in test/unit/unit-codes.test.ts). µJ and kV/µs have no code there: they go out as unitText alone. */
export const unitCodes: Record<string, string> = {
  V: "VLT",
  kV: "KVT",
  A: "AMP",
  µA: "B84",
  "°C": "CEL",
  ns: "C47",
  µs: "B98",
  nC: "C40",
  µC: "B86",
  mΩ: "E45",
  W: "WTT",
  mJ: "C15",
  "K/W": "B21",
  nH: "C43",
  "A²s": "H32",
};

export interface ProductLdFacts {
  brand: string;
  /** The category trail, e.g. "SiC MOSFETs > 1200 V SiC MOSFETs". */
  category: string;
  /** Site path of the image (package drawing or family picture). */
  image: string | null;
  /** The localized name of the lifecycle property and of its replacement ("Lifecycle", "Recommended replacement:"). */
  lifecycleName: string;
  replacementName: string;
  /** The word before the day the state began ("Since"). */
  sinceName: string;
}

/** "Drain-source voltage (V_DS)"; a screen name that already holds the symbol ("Package", "车规认证(AEC-Q101)")
 *  stands alone, never "Package (Package)". */
function propertyName(screenName: string | null | undefined, symbol: string): string {
  const bare = (text: string) => text.toLowerCase().replace(/[\s()（）]/g, "");
  return !screenName ? symbol : bare(screenName).includes(bare(symbol)) ? screenName : `${screenName} (${symbol})`;
}

export function productLd(origin: string, language: Language, product: ProductDetail, columns: ParamColumn[], facts: ProductLdFacts) {
  const url = absoluteUrl(origin, localizePath(productDetailPath(product.partNumber), language));
  const additionalProperty = columns
    .filter((column) => product.params[column.fieldId] !== undefined)
    .map((column) => {
      const value = product.params[column.fieldId]!;
      const name = paramNameText(withoutUnit(column.paramName, column.unit));
      // The datasheet line of a parameter: its test conditions, and the limits around a typical value.
      const line = product.characteristics.find((row) => row.fieldId === column.fieldId);
      const typical = line?.typ !== null && line?.typ !== undefined;
      return {
        "@type": "PropertyValue",
        propertyID: column.fieldId,
        name: propertyName(column.screenName, name),
        value,
        ...(line?.conditions ? { description: line.conditions } : {}),
        ...(typical && line.min !== null ? { minValue: line.min } : {}),
        ...(typical && line.max !== null ? { maxValue: line.max } : {}),
        ...(column.unit && typeof value === "number" ? { unitText: column.unit } : {}),
        ...(column.unit && typeof value === "number" && unitCodes[column.unit] ? { unitCode: unitCodes[column.unit] } : {}),
      };
    });
  const { lifecycle } = product;
  const lifecycleProperty = {
    "@type": "PropertyValue",
    propertyID: "lifecycle",
    name: facts.lifecycleName,
    value: lifecycle.state,
    // "since 2026-10-01; Recommended replacement: QCM080120K4", in the page's language where it has words.
    description: [lifecycle.since ? `${facts.sinceName} ${lifecycle.since}` : null, lifecycle.replacement ? `${facts.replacementName} ${lifecycle.replacement}` : null]
      .filter(Boolean)
      .join("; "),
  };
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": `${url}#product`,
    url,
    name: product.partNumber,
    sku: product.partNumber,
    mpn: product.partNumber,
    brand: { "@type": "Brand", name: facts.brand },
    category: facts.category,
    description: product.summary,
    inLanguage: htmlLang[language],
    ...(facts.image ? { image: absoluteUrl(origin, facts.image) } : {}),
    additionalProperty: [...additionalProperty, lifecycleProperty],
    ...(product.outline?.weight ? { weight: { "@type": "QuantitativeValue", value: product.outline.weight, unitCode: "GRM" } } : {}),
  };
}
