// The content calls of SPEC §7 (products, documents, news, jobs, contact form, search), gathered for the index.
export * from "./forms.ts";
export * from "./products.ts";
export * from "./loss-data.ts";
export * from "./documents.ts";
export * from "./models.ts";
export * from "./model-validation.ts";
export * from "./lifecycle.ts";
export * from "./notices.ts";
export * from "./news.ts";
export * from "./jobs.ts";
export * from "./leave-word.ts";
export * from "./search.ts";
export * from "./services.ts";
