// What a request's user agent tells the site: the loaders, the page cache and the browser ask the same question.
import { isbot } from "isbot";

/** SPEC §2: the WeChat in-app browser cannot download files; its user agent names MicroMessenger. */
export function isWeChatBrowser(userAgent: string | null | undefined): boolean {
  return !!userAgent && /MicroMessenger/i.test(userAgent);
}

/** isbot's answer per User-Agent, remembered: its one large regular expression was 4 % of a page-cache hit's CPU
 * (npm run bench, --cpu-prof), and visitors send few distinct User-Agents. Bounded: emptied when full. Crawlers
 * get the whole document at once, and pages of their own in the page cache. */
const crawlerAnswers = new Map<string, boolean>();
export function isCrawler(userAgent: string | null | undefined): boolean {
  const key = userAgent ?? "";
  let answer = crawlerAnswers.get(key);
  if (answer === undefined) {
    if (crawlerAnswers.size >= 1000) crawlerAnswers.clear();
    answer = isbot(key);
    crawlerAnswers.set(key, answer);
  }
  return answer;
}
