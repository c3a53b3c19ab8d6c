// The part-watch calls (shared/contract/watches.ts) on the watches' store (watch-store.ts: SQLite or PostgreSQL):
// an account's watches, and the subscription by e-mail without an account (double opt-in, notices/email-watches.ts).
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
import type { Database } from "../db.ts";
import { ApiError, mountCall, type MountOptions } from "../http.ts";
import { checkEmail, clientHash } from "../site/forms.ts";
import { createBomMapper } from "../cross-reference/routes.ts";
import { emailWatchLimits } from "./email-watches.ts";
import type { WatchStore } from "./watch-store.ts";
import { createWatchedParts, watchLimits } from "./watches.ts";

export function mountWatchRoutes(
  router: Router,
  db: Database,
  store: WatchStore,
  options: MountOptions & {
    noticeMailSecret: string | undefined;
    onQueued?: () => void;
    contentDir?: string | undefined;
    /** The product ids on the account's sample list, from the samples' store (else read from the SQLite file). */
    sampleListIds?: (userId: number) => Promise<number[]>;
  },
) {
  const watched = createWatchedParts(db);
  const secret = options.noticeMailSecret;
  const view = async (userId: number) => {
    // The account's address, also before the first watch made its watcher: it is the one notices will go to.
    const [email, parts] = await Promise.all([store.accountEmail(userId), store.accountParts(userId)]);
    return { email, limit: watchLimits.parts, parts };
  };
  const emailView = async (token: string) => ({ ...(await store.listByToken(secret, token)), limit: watchLimits.parts });
  const mapBom = createBomMapper(db, options.contentDir);
  // The visible products of a family (or any node), and of an account's sample list.
  const familyParts = db.prepare(
    "SELECT t.node_id AS id FROM site_tree t JOIN site_visible v ON v.id = t.node_id WHERE t.ancestor_id = ? AND t.product = 1 ORDER BY t.position",
  );
  const sampleListParts = db.prepare("SELECT i.site_list_id AS id FROM sample_list_items i WHERE i.user_id = ?");
  const isVisible = db.prepare("SELECT 1 FROM site_visible WHERE id = ?");
  const sampleListIds = options.sampleListIds ?? (async (userId: number) => (sampleListParts.all(userId) as Array<{ id: number }>).map((row) => row.id));
  const shownId = (partNumber: string) => {
    try {
      return watched.partId(partNumber, "en");
    } catch {
      return null;
    }
  };

  mountCall(router, queryPartWatches, ({ userId }) => view(userId!), options);
  mountCall(
    router,
    addPartWatches,
    async ({ body, userId, language }) => {
      // Every name is checked before anything is added: the first unknown one is named in the refusal.
      const ids = body.partNumbers.map((partNumber) => watched.partId(partNumber, language));
      await store.addForUser(userId!, ids, language);
      return view(userId!);
    },
    options,
  );
  mountCall(
    router,
    removePartWatch,
    async ({ body, userId, language }) => {
      await store.removeForUser(userId!, watched.partId(body.partNumber, language));
      return view(userId!);
    },
    options,
  );
  mountCall(
    router,
    addWatchesFrom,
    async ({ body, userId, language }) => {
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
      // The list's parts that are shown now (a hidden one is not watched, as by its name).
      if (body.sampleList) for (const id of await sampleListIds(userId!)) if (isVisible.get(id)) ids.push(id);
      if (body.family !== undefined) {
        const family = familyParts.all(body.family) as Array<{ id: number }>;
        if (family.length === 0) throw new ApiError("E40034008", { message: errorMessage("E40034008", language, { family: String(body.family) }) });
        for (const row of family) ids.push(row.id);
      }
      const { added } = ids.length ? await store.addForUser(userId!, ids, language) : { added: 0 };
      return { ...(await view(userId!)), added, mapped, notFound };
    },
    options,
  );
  mountCall(router, unsubscribeWatches, ({ body }) => store.unsubscribe(secret, body.token), options);

  mountCall(
    router,
    requestEmailWatch,
    async ({ body, language, req }) => {
      const email = checkEmail(body.email);
      const productIds = body.partNumbers.map((partNumber) => watched.partId(partNumber, language));
      await store.requestByEmail({ email, productIds, language, ipHash: clientHash(req), secret });
      options.onQueued?.();
      return { expiresInHours: emailWatchLimits.confirmHours };
    },
    options,
  );
  mountCall(
    router,
    confirmEmailWatch,
    ({ body, language }) => (body.check ? store.checkConfirmation(secret, body.token, language) : store.confirm(secret, body.token, language)),
    options,
  );
  mountCall(router, queryEmailWatches, ({ body }) => emailView(body.token), options);
  mountCall(
    router,
    removeEmailWatch,
    async ({ body, language }) => {
      await store.removeByToken(secret, body.token, watched.partId(body.partNumber, language));
      return emailView(body.token);
    },
    options,
  );
}
