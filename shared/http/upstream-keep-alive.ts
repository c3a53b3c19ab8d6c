// How long an idle connection between the site and its upstream stays open, on each side. The side that
// reuses sockets (the site's proxy agent) must give up on an idle socket well before the upstream closes it:
// a request written onto a socket the upstream is closing at that moment is reset ("socket hang up", a 502).
// With Node's defaults both sides said 5 s, and a site whose event loop was busy for a moment reused a socket
// the upstream had just closed.

/** The site's proxy agent closes a socket idle this long (or sooner when an upstream's Keep-Alive hint says so). */
export const upstreamClientIdleMs = 15_000;
/** The embedded upstream keeps an idle connection open this long: far beyond the client's idle timeout. */
export const upstreamKeepAliveMs = 65_000;
