// The part-watch calls (shared/contract/watches.ts) on the watches store: an account's watches, and the
// subscription by e-mail without an account (double opt-in, notices/email-watches.ts).
import type { Router } from "express";
import {
  addPartWatches,
  addWatchesFrom,
  confirmEmailWatch,
  errorMessage,
  queryEmailWatches,
  queryPartWatches,
  removeEmailWatch,
  removePartWatch,
  requestEmailWatch,
  unsubscribeWatches,
} from "../../../shared/contract/index.ts";
import type { Language } from "../../../shared/languages.ts";
import type { Database } from "../db.ts";
import { ApiError, mountCall, type MountOptions } from "../http.ts";
import { checkEmail, clientHash } from "../site/forms.ts";
import { createBomMapper } from "../cross-reference/routes.ts";
import { createEmailWatches, emailWatchLimits } from "./email-watches.ts";
import { createWatches, watchLimits } from "./watches.ts";

export function mountWatchRoutes(
  router: Router,
  db: Database,
  options: MountOptions & { now: () => number; noticeMailSecret: string | undefined; onQueued?: () => void; contentDir?: string | undefined },
) {
  const watches = createWatches(db, options.now);
  const byEmail = createEmailWatches(db, options.now, watches);
  const secret = options.noticeMailSecret;
  const view = (userId: number) => {
    const watcher = watches.ofUser(userId);
    // The account's address, also before the first watch made its watcher: it is the one notices will go to.
    return { email: watches.accountEmail(userId), limit: watchLimits.parts, parts: watcher ? watches.list(watcher.id) : [] };
  };
  const watcherOf = (userId: number, language: Language) => watches.accountWatcher(userId, language);
  const emailView = (token: string) => ({ ...byEmail.list(secret, token), limit: watchLimits.parts });
  const mapBom = createBomMapper(db, options.contentDir);
  // The visible products of a family (or any node), and of an account's sample list.
  const familyParts = db.prepare(
    "SELECT t.node_id AS id FROM site_tree t JOIN site_visible v ON v.id = t.node_id WHERE t.ancestor_id = ? AND t.product = 1 ORDER BY t.position",
  );
  const sampleListParts = db.prepare("SELECT i.site_list_id AS id FROM sample_list_items i JOIN site_visible v ON v.id = i.site_list_id WHERE i.user_id = ?");
  const shownId = (partNumber: string) => {
    try {
      return watches.partId(partNumber, "en");
    } catch {
      return null;
    }
  };

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
  mountCall(
    router,
    addWatchesFrom,
    ({ body, userId, language }) => {
      const ids: number[] = [];
      const mapped: Array<{ line: string; partNumber: string }> = [];
      const notFound: string[] = [];
      // A BOM's line is our part, else a competitor's mapped by the cross-reference, else listed as not found.
      const lines = body.lines ?? [];
      const unknown = lines.filter((line) => shownId(line) === null);
      const candidates = mapBom(unknown, language);
      const ours = new Map(unknown.map((line, index) => [line, candidates[index] ?? null]));
      for (const line of lines) {
        const own = shownId(line);
        const mappedTo = own === null ? (ours.get(line) ?? null) : null;
        const id = own ?? (mappedTo ? shownId(mappedTo) : null);
        if (id === null) notFound.push(line);
        else {
          ids.push(id);
          if (mappedTo) mapped.push({ line, partNumber: mappedTo });
        }
      }
      if (body.sampleList) for (const row of sampleListParts.all(userId!) as Array<{ id: number }>) ids.push(row.id);
      if (body.family !== undefined) {
        const family = familyParts.all(body.family) as Array<{ id: number }>;
        if (family.length === 0) throw new ApiError("E40034008", { message: errorMessage("E40034008", language, { family: String(body.family) }) });
        for (const row of family) ids.push(row.id);
      }
      const { added } = ids.length ? watches.add(watcherOf(userId!, language).id, ids, language) : { added: 0 };
      return { ...view(userId!), added, mapped, notFound };
    },
    options,
  );
  mountCall(router, unsubscribeWatches, ({ body }) => ({ already: watches.unsubscribe(secret, body.token).already }), options);

  mountCall(
    router,
    requestEmailWatch,
    ({ body, language, req }) => {
      const email = checkEmail(body.email);
      const productIds = body.partNumbers.map((partNumber) => watches.partId(partNumber, language));
      byEmail.request({ email, productIds, language, ipHash: clientHash(req), secret });
      options.onQueued?.();
      return { expiresInHours: emailWatchLimits.confirmHours };
    },
    options,
  );
  mountCall(
    router,
    confirmEmailWatch,
    ({ body, language }) => (body.check ? byEmail.check(secret, body.token, language) : byEmail.confirm(secret, body.token, language)),
    options,
  );
  mountCall(router, queryEmailWatches, ({ body }) => emailView(body.token), options);
  mountCall(
    router,
    removeEmailWatch,
    ({ body, language }) => {
      byEmail.remove(secret, body.token, watches.partId(body.partNumber, language));
      return emailView(body.token);
    },
    options,
  );
}
