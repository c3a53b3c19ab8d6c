// The signed-in pages of SPEC §2 (sample list, progress, order detail) and the account page: the server never caches them and
// signing out on one of them returns to the language home (SPEC §4).
const userPagePattern = /^\/(zh|en)\/user\/(sampleList|sampleProgress|orderDetail|account)(\/|$)/;

export function isUserPage(pathname: string): boolean {
  return userPagePattern.test(pathname);
}

/** Cache-Control of HTML that may show or act on a signed-in visitor's data: never stored anywhere. */
export const privateNoStore = "private, no-store";
