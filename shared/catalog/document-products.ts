// A document names every part it applies to (a family's application note: thousands in a real catalog). A
// page carries only the parts it shows beside a document, so its weight does not grow with the catalog.
import type { DocumentMeta } from "../contract/documents.ts";
import type { ProductDetail } from "../contract/products.ts";

/** Products named beside a document in a list; the rest are summarised as "+n". */
export const SHOWN_DOCUMENT_PRODUCTS = 6;

/** A document of a list: its first products only, and how many it covers in all. */
export type ListedDocument = DocumentMeta & { productCount: number };

export function listedDocument(document: DocumentMeta): ListedDocument {
  return { ...document, products: document.products.slice(0, SHOWN_DOCUMENT_PRODUCTS), productCount: document.products.length };
}

/** A product's own pages show its documents, not the other parts they cover: each keeps the product alone. */
export function withOwnDocuments(product: ProductDetail): ProductDetail {
  const own = (document: DocumentMeta): DocumentMeta => ({ ...document, products: document.products.filter((item) => item.id === product.id) });
  return { ...product, datasheet: product.datasheet && own(product.datasheet), documents: product.documents.map(own) };
}
