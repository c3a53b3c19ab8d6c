// The pages the bench and Lighthouse measure, one per page type; add a line to measure another. A page
// that does not answer 200 stops the run.
export const measuredPages = [
  { name: "home", path: "/zh" },
  { name: "finder", path: "/zh/productAndService/products/120" },
  { name: "product detail", path: "/zh/productAndService/productDetail/QCM040120K4" },
  { name: "news article", path: "/zh/news/newsDetail/1" },
];

/** Lighthouse also checks a job position (issue 7: SEO 100 on the home page, a news article and a job). */
export const lighthousePages = [...measuredPages, { name: "job", path: "/en/about/joinUs/positionDetail/1" }];
