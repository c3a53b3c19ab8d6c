// The paths of subscribing by e-mail without an account (docs/decisions/034-part-watches-and-notice-mail.md),
// outside shared/paths.ts as the notices feed's are (shared/notices-feed.ts): the shell every first load carries
// never links to them, so they cost the first load nothing (decision 012). One route serves the three.

/** The form that mails a confirmation link; the page that link opens; the page a mailbox's signed link manages
 * its watches on (the last two show one mailbox's address and parts, so no cache keeps them: isMailLinkPage in server/cache/cache-policy.ts). */
export const emailWatchPaths = { subscribe: "/subscribe", confirm: "/subscribe/confirm", manage: "/subscribe/manage" } as const;
