// Starts the staff console's thread (server/staff/thread.ts) on STAFF_HOST:STAFF_PORT, never the public port;
// a console that cannot start is logged and costs the console, not the site (like the metrics listener).
import { Worker } from "node:worker_threads";
import type { Config } from "../config/index.ts";
import type { Logger } from "../metrics/logger.ts";
import type { StaffThreadMessage, StaffThreadOptions } from "./thread.ts";

export interface StaffConsole {
  url: string;
  close: () => Promise<void>;
}

export async function startStaffConsole(config: Readonly<Config>, logger: Logger): Promise<StaffConsole | undefined> {
  const staff = config.staff;
  if (!staff) return undefined;
  const options: StaffThreadOptions = {
    host: staff.host,
    port: staff.port,
    origin: staff.origin,
    dataDir: config.dataDir,
    databaseUrl: config.upstream.DATABASE_URL,
    trustProxy: config.trustProxy,
  };
  const thread = new Worker(new URL("./thread.ts", import.meta.url), { workerData: options });
  let closing = false;
  try {
    const url = await new Promise<string>((resolve, reject) => {
      thread.on("message", (message: StaffThreadMessage) => {
        if (message.type === "ready") resolve(message.url);
        else if (message.type === "failed") reject(new Error(message.message));
        else if (message.detail === undefined) logger.info(message.message);
        else logger.error({ err: message.detail }, message.message);
      });
      thread.once("error", reject);
      thread.once("exit", (code) => {
        if (!closing) logger.error({ code }, "the staff console's thread stopped");
        reject(new Error(`the staff console stopped (exit code ${code})`));
      });
    });
    logger.info({ url, origin: staff.origin }, "staff console listening");
    return {
      url,
      close: () => {
        closing = true;
        const exited = new Promise<void>((resolve) => thread.once("exit", () => resolve()));
        thread.postMessage("close");
        return exited;
      },
    };
  } catch (error) {
    logger.warn({ err: error, host: staff.host, port: staff.port }, "staff console not started");
    return undefined;
  }
}
