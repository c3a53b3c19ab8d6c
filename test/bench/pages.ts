// The pages the bench and Lighthouse measure, one per page type; add a line to measure another. A page
// that does not answer 200 stops the run.
export const measuredPages = [
  { name: "home", path: "/zh" },
  { name: "finder", path: "/zh/productAndService/products/120" },
  { name: "product detail", path: "/zh/productAndService/productDetail/QCM040120K4" },
  { name: "news article", path: "/zh/news/newsDetail/1" },
];

export interface LighthousePage {
  name: string;
  path: string;
  /** Kept out of the index on purpose (search results, sign-in): SEO is judged without its crawlable audit. */
  noindex?: boolean;
  /** Judged on one run when it meets every budget (the first pages always get the full RUNS): see lighthouse.ts. */
  extra?: boolean;
}

/** Lighthouse checks every page type in both languages: the measured pages and a job first (their history
 *  is in the README), then the rest. */
export const lighthousePages: LighthousePage[] = [
  ...measuredPages,
  { name: "job", path: "/en/about/joinUs/positionDetail/1" },
  ...[
    { name: "home en", path: "/en" },
    { name: "finder en", path: "/en/productAndService/products/120" },
    { name: "product en", path: "/en/productAndService/productDetail/QCM040120K4" },
    { name: "news list", path: "/zh/news" },
    { name: "news list en", path: "/en/news" },
    { name: "news article en", path: "/en/news/newsDetail/1" },
    { name: "jobs list", path: "/zh/about/joinUs" },
    { name: "jobs list en", path: "/en/about/joinUs" },
    { name: "job zh", path: "/zh/about/joinUs/positionDetail/1" },
    { name: "support", path: "/zh/support/documents" },
    { name: "support en", path: "/en/support/documents" },
    { name: "search", path: "/zh/search?text=SiC", noindex: true },
    { name: "search en", path: "/en/search?text=SiC", noindex: true },
    { name: "content page", path: "/zh/about/us" },
    { name: "content page en", path: "/en/about/us" },
    { name: "login", path: "/zh/login", noindex: true },
    { name: "login en", path: "/en/login", noindex: true },
    // The heaviest page on the main thread (a part's comparison tables and the estimate).
    { name: "cross-reference", path: "/zh/productAndService/crossReference?part=C3M0040120K" },
    { name: "cross-reference en", path: "/en/productAndService/crossReference?part=C3M0040120K" },
  ].map((page) => ({ ...page, extra: true })),
];
