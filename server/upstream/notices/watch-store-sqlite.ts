// The watches' store on the embedded SQLite file: the synchronous modules (watches.ts, email-watches.ts,
// publish.ts) that the visitor's export and erasure also use, each call done whole (one BEGIN IMMEDIATE where it
// writes) before its promise settles (docs/decisions/044-store-interface-and-postgresql.md).
import type { Database } from "../db.ts";
import { createEmailWatches } from "./email-watches.ts";
import { createNoticePublisher } from "./publish.ts";
import type { WatchStore } from "./watch-store.ts";
import { createWatches } from "./watches.ts";

export function createSqliteWatchStore(db: Database, now: () => number): WatchStore {
  const watches = createWatches(db, now);
  const byEmail = createEmailWatches(db, now, watches);
  const publisher = createNoticePublisher(db, now);
  return {
    accountEmail: async (userId) => watches.accountEmail(userId),
    async accountParts(userId) {
      const watcher = watches.ofUser(userId);
      return watcher ? watches.list(watcher.id) : [];
    },
    addForUser: async (userId, productIds, language) => watches.add(watches.accountWatcher(userId, language).id, productIds, language),
    async removeForUser(userId, productId) {
      const watcher = watches.ofUser(userId);
      if (watcher) watches.remove(watcher.id, productId);
    },
    async unsubscribe(secret, token) {
      return { already: watches.unsubscribe(secret, token).already };
    },
    requestByEmail: async (input) => byEmail.request(input),
    checkConfirmation: async (secret, token, language) => byEmail.check(secret, token, language),
    confirm: async (secret, token, language) => byEmail.confirm(secret, token, language),
    listByToken: async (secret, token) => byEmail.list(secret, token),
    removeByToken: async (secret, token, productId) => byEmail.remove(secret, token, productId),
    exportOf: async (userId, email) => watches.exportOf(userId, email),
    deleteOfUser: async (userId, email) => watches.deleteOfUser(userId, email),
    dryRun: async (publication) => publisher.dryRun(publication),
    publish: async (publication, secret) => publisher.publish(publication, secret),
  };
}
