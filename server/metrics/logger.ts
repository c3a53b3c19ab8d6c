// One structured logger for the process (pino, JSON lines); tests pass level "silent" or their own
// destination. Secrets never reach a log line: cookies, authorization, session ids, sign-in codes and
// preview tokens are redacted by path, and every `url` is logged without its query string (which can
// carry ?preview=<token>).
import { pino, type DestinationStream, type Logger } from "pino";

export type { Logger };

const redactPaths = [
  "cookie",
  "authorization",
  "headers.cookie",
  "headers.authorization",
  'headers["set-cookie"]',
  "req.headers.cookie",
  "req.headers.authorization",
  "res.headers['set-cookie']",
  "body.code",
  "body.sessionId",
  "sessionId",
  "token",
  "previewToken",
];

function withoutQuery(url: unknown): unknown {
  return typeof url === "string" ? url.split("?")[0] : url;
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: undefined,
    redact: { paths: redactPaths, censor: "[redacted]" },
    serializers: { url: withoutQuery, path: withoutQuery },
  };
  return destination ? pino(options, destination) : pino(options);
}
