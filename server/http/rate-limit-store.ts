// The /api rate limit and where it keeps its counters, so a client gets the same budget however many
// processes and hosts answer it:
// - REDIS_URL set: in Redis (rate-limit-redis on the node-redis client), shared by every host;
// - a node:cluster worker: in the primary (cluster-memory-store), shared by the workers of this host;
// - otherwise in this process's memory.
import cluster from "node:cluster";
import { createHash } from "node:crypto";
import { rateLimit, type Store } from "express-rate-limit";
import { ClusterMemoryStoreWorker } from "@express-rate-limit/cluster-memory-store";
import { RedisStore, type RedisReply } from "rate-limit-redis";
import { createClient } from "redis";
import type { Logger } from "../metrics/logger.ts";
import { sendErrorEnvelope } from "../api/envelope.ts";

export interface RateLimitStore {
  /** undefined: express-rate-limit's own memory store. */
  store: Store | undefined;
  kind: "redis" | "cluster" | "memory";
  /** Resolves once Redis answers, or after 2 s without it (the limiter then lets requests through until it does). */
  ready: Promise<void>;
  close: () => Promise<void>;
}

export function createRateLimitStore(options: { redisUrl: string | undefined; prefix?: string; logger: Logger }): RateLimitStore {
  if (options.redisUrl) {
    const client = createClient({
      url: options.redisUrl,
      // Keep retrying (bounded back-off); meanwhile the limiter lets requests through (passOnStoreError).
      disableOfflineQueue: true,
      socket: { connectTimeout: 2_000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5_000) },
    });
    let lastError = 0;
    client.on("error", (error: unknown) => {
      // One line per 10 s at most while Redis is away, not one per retry.
      if (Date.now() - lastError < 10_000) return;
      lastError = Date.now();
      options.logger.warn({ err: error }, "rate limit store (redis) unavailable");
    });
    const connected = client.connect().then(
      () => undefined,
      () => undefined,
    );
    const ready = Promise.race([connected, new Promise<void>((resolve) => setTimeout(resolve, 2_000).unref())]);
    const store = new RedisStore({
      prefix: options.prefix ?? "qy:rl:",
      // Redis away: fail at once (the limiter then lets the request through) instead of queueing. The
      // store caches its script's SHA from the first SCRIPT LOAD, so while Redis is away that answer is
      // computed here (it is the script's SHA-1); the real load follows its first NOSCRIPT retry.
      sendCommand: async (...args: string[]) => {
        if (!client.isReady) {
          if (args[0]?.toUpperCase() === "SCRIPT" && args[1]?.toUpperCase() === "LOAD")
            return createHash("sha1")
              .update(args[2] ?? "")
              .digest("hex");
          throw new Error("Redis is not connected");
        }
        return (await client.sendCommand(args)) as RedisReply;
      },
    });
    return {
      store,
      kind: "redis",
      ready,
      close: async () => {
        if (client.isReady) await client.close().catch(() => client.destroy());
        else if (client.isOpen) client.destroy();
      },
    };
  }
  if (cluster.isWorker) {
    return { store: new ClusterMemoryStoreWorker({ prefix: options.prefix ?? "qy-api" }), kind: "cluster", ready: Promise.resolve(), close: async () => {} };
  }
  return { store: undefined, kind: "memory", ready: Promise.resolve(), close: async () => {} };
}

/** The per-client limit of /api (and of the site's routes that cost the upstream a batch of work per request). */
export function apiRateLimit(perMinute: number, store: RateLimitStore, logger: Logger) {
  return rateLimit({
    windowMs: 60_000,
    limit: perMinute,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler: (req, res) => sendErrorEnvelope(req, res, "E42900001"),
    store: store.store,
    // Redis away: serve rather than fail every API call (the store logs the outage, once per 10 s).
    passOnStoreError: true,
    logger: {
      error: (error, message) => {
        if (store.kind !== "redis") logger.error({ err: error }, message ?? "rate limit");
      },
      warn: (error, message) => logger.warn({ err: error }, message ?? "rate limit"),
    },
  });
}
