// The pages a notice e-mail's signed links open with one mailbox's data (shared/email-watch-paths.ts): the
// confirmation page and the manage page. Like the user pages, no cache keeps them.
// docs/decisions/034-part-watches-and-notice-mail.md.
import { languageAlternation } from "../../shared/languages.ts";
import { emailWatchPaths } from "../../shared/email-watch-paths.ts";

const mailLinkPagePattern = new RegExp(`^/(${languageAlternation})(${emailWatchPaths.confirm}|${emailWatchPaths.manage})/?$`);

export function isMailLinkPage(pathname: string): boolean {
  return mailLinkPagePattern.test(pathname);
}
