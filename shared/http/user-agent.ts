// What a request's user agent tells the site: the loaders, the page cache and the browser ask the same question.

/** SPEC §2: the WeChat in-app browser cannot download files; its user agent names MicroMessenger. */
export function isWeChatBrowser(userAgent: string | null | undefined): boolean {
  return !!userAgent && /MicroMessenger/i.test(userAgent);
}
