// The paths of subscribing by e-mail without an account (docs/decisions/034-part-watches-and-notice-mail.md),
// outside shared/paths.ts as the notices feed's are (shared/notices-feed.ts): the shell every first load carries
// never links to them, so they cost the first load nothing (decision 012). One route serves the three.
import { languageAlternation } from "./languages.ts";

/** The form that mails a confirmation link; the page that link opens; the page a mailbox's signed link manages
 * its watches on (the last two show one mailbox's address and parts, so no cache keeps them: isMailLinkPage). */
export const emailWatchPaths = { subscribe: "/subscribe", confirm: "/subscribe/confirm", manage: "/subscribe/manage" } as const;

const mailLinkPagePattern = new RegExp(`^/(${languageAlternation})(${emailWatchPaths.confirm}|${emailWatchPaths.manage})/?$`);

/** The pages a notice e-mail's signed links open with one mailbox's data: like the user pages, no cache keeps them. */
export function isMailLinkPage(pathname: string): boolean {
  return mailLinkPagePattern.test(pathname);
}
