// What every host of a several-hosts deployment is told: the variables test/ops/several-hosts.test.ts sets on its
// upstream and app host processes, which deploy/compose.yaml must set on its services too (test/unit/compose.test.ts).
// Everything else a host reads keeps its default (README "Environment").

/** Each upstream host (`npm run upstream`, one DATABASE_URL). */
export const upstreamHostVariables = [
  "DATABASE_URL",
  "DATA_DIR",
  "UPSTREAM_HOST",
  "UPSTREAM_PORT",
  "UPSTREAM_TRUST_PROXY",
  "PUBLIC_ORIGIN",
  "SMTP_URL",
  "CODE_REQUESTS_PER_IP_PER_HOUR",
  "MAIL_LEASE_SECONDS",
] as const;

/** Each app host (`npm run serve`, a remote upstream through nginx's internal server). */
export const appHostVariables = ["UPSTREAM_URL", "REDIS_URL", "PUBLIC_ORIGIN", "TRUST_PROXY", "RATE_LIMIT_PER_MINUTE", "PORT", "HOST"] as const;

/** The services of deploy/compose.yaml: two of each host, one of each shared service. */
export const composeServices = { upstream: ["upstream1", "upstream2"], app: ["site1", "site2"], shared: ["postgres", "redis", "nginx"] } as const;
