// The part-watch calls (shared/contract/watches.ts) on the watches store.
import type { Router } from "express";
import { addPartWatches, queryPartWatches, removePartWatch, unsubscribeWatches } from "../../../shared/contract/index.ts";
import type { Language } from "../../../shared/languages.ts";
import type { Database } from "../db.ts";
import { mountCall, type MountOptions } from "../http.ts";
import { createWatches, watchLimits } from "./watches.ts";

export function mountWatchRoutes(router: Router, db: Database, options: MountOptions & { now: () => number; noticeMailSecret: string | undefined }) {
  const watches = createWatches(db, options.now);
  const view = (userId: number) => {
    const watcher = watches.ofUser(userId);
    // The account's address, also before the first watch made its watcher: it is the one notices will go to.
    return { email: watches.accountEmail(userId), limit: watchLimits.parts, parts: watcher ? watches.list(watcher.id) : [] };
  };
  const watcherOf = (userId: number, language: Language) => watches.accountWatcher(userId, language);

  mountCall(router, queryPartWatches, ({ userId }) => view(userId!), options);
  mountCall(
    router,
    addPartWatches,
    ({ body, userId, language }) => {
      // Every name is checked before anything is added: the first unknown one is named in the refusal.
      const ids = body.partNumbers.map((partNumber) => watches.partId(partNumber, language));
      watches.add(watcherOf(userId!, language).id, ids, language);
      return view(userId!);
    },
    options,
  );
  mountCall(
    router,
    removePartWatch,
    ({ body, userId, language }) => {
      const watcher = watches.ofUser(userId!);
      if (watcher) watches.remove(watcher.id, watches.partId(body.partNumber, language));
      return view(userId!);
    },
    options,
  );
  mountCall(router, unsubscribeWatches, ({ body }) => ({ already: watches.unsubscribe(options.noticeMailSecret, body.token).already }), options);
}
