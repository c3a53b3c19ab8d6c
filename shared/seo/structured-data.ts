// schema.org objects of the news and jobs pages (NewsArticle, JobPosting), built from contract data by
// pure functions so the route tests and the pages read the same rules.
import type { NewsArticle } from "../contract/news.ts";
import type { JobDetail, JobType } from "../contract/jobs.ts";
import { htmlLang, localizePath, type Language } from "../languages.ts";
import { absoluteUrl } from "./seo.ts";
import { newsDetailPath, positionDetailPath } from "../paths.ts";

export interface Publisher {
  name: string;
  /** Site path of the logo (a raster image, as crawlers want). */
  logo: string;
}

function organizationRef(origin: string, publisher: Publisher) {
  return {
    "@type": "Organization",
    "@id": absoluteUrl(origin, "/#organization"),
    name: publisher.name,
    url: absoluteUrl(origin, "/"),
    logo: absoluteUrl(origin, publisher.logo),
  };
}

/** Google reads at most 110 characters of a headline: a longer title is cut at a word (or, in Chinese, a character) with "…". */
export const headlineMaxLength = 110;
export function headlineOf(title: string): string {
  const chars = Array.from(title);
  if (chars.length <= headlineMaxLength) return title;
  const cut = chars.slice(0, headlineMaxLength - 1).join("");
  const atWord = cut.replace(/[\s,;:–—-]+\S*$/u, "");
  return `${/\s/.test(cut) && atWord.length > headlineMaxLength / 2 ? atWord : cut}…`;
}

export function newsArticleLd(origin: string, language: Language, article: NewsArticle, publisher: Publisher) {
  const url = absoluteUrl(origin, localizePath(newsDetailPath(article.id), language));
  return {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    "@id": url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    headline: headlineOf(article.title),
    description: article.summary,
    image: [absoluteUrl(origin, article.image)],
    datePublished: article.date,
    dateModified: article.date,
    inLanguage: htmlLang[language],
    articleSection: article.category,
    keywords: article.tags.join(", "),
    author: organizationRef(origin, publisher),
    publisher: organizationRef(origin, publisher),
    interactionStatistic: { "@type": "InteractionCounter", interactionType: "https://schema.org/ReadAction", userInteractionCount: article.views },
  };
}

/** schema.org employmentType of each job type. */
export const employmentTypes: Record<JobType, "FULL_TIME" | "INTERN"> = {
  experienced: "FULL_TIME",
  campus: "FULL_TIME",
  intern: "INTERN",
};

function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** JobPosting of an open position (a closed one gets none). validThrough is the content's closing day, end of
 *  that day in China time, and is left out for a position open until filled: never a guessed date. */
export function jobPostingLd(origin: string, language: Language, job: JobDetail, publisher: Publisher, labels: { duties: string; requirements: string }) {
  const url = absoluteUrl(origin, localizePath(positionDetailPath(job.id), language));
  // Google reads the description as HTML: the text, then duties and requirements as lists.
  const list = (items: string[]) => `<ul>${items.map((item) => `<li>${escapeText(item)}</li>`).join("")}</ul>`;
  const description =
    `<p>${escapeText(job.description)}</p>` +
    `<h3>${escapeText(labels.duties)}</h3>${list(job.duties)}` +
    `<h3>${escapeText(labels.requirements)}</h3>${list(job.requirements)}`;
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    url,
    title: job.title,
    description,
    identifier: { "@type": "PropertyValue", name: publisher.name, value: String(job.id) },
    datePosted: job.date,
    ...(job.closingDate ? { validThrough: `${job.closingDate}T23:59:59+08:00` } : {}),
    employmentType: employmentTypes[job.type],
    totalJobOpenings: job.headcount,
    occupationalCategory: job.department,
    hiringOrganization: { "@type": "Organization", name: publisher.name, sameAs: absoluteUrl(origin, "/"), logo: absoluteUrl(origin, publisher.logo) },
    jobLocation: { "@type": "Place", address: { "@type": "PostalAddress", addressLocality: job.location, addressCountry: "CN" } },
    directApply: false,
    inLanguage: htmlLang[language],
  };
}
