// One structured logger for the process (pino); tests pass level "silent".
import { pino, type Logger } from "pino";

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({ level, base: undefined, redact: ["req.headers.cookie", "req.headers.authorization"] });
}
