// The token of a notice e-mail's signed link (unsubscribe, confirm, manage), read from the page's URL and cut
// to the longest a token is, so a huge query string never reaches the upstream. docs/decisions/034-part-watches-and-notice-mail.md.
export const tokenOf = (request: Request) => (new URL(request.url).searchParams.get("token") ?? "").slice(0, 200);
