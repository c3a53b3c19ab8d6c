// Where the estimator's methods page lives (without the language prefix): the route, the sitemap and every
// estimate's link to it name it here.
export const METHOD_PATH = "/productAndService/estimator/method";
