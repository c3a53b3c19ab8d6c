// The part-watch calls (shared/contract/watches.ts) on the watches store: an account's watches, and the
// subscription by e-mail without an account (double opt-in, notices/email-watches.ts).
import type { Router } from "express";
import {
  addPartWatches,
  confirmEmailWatch,
  queryEmailWatches,
  queryPartWatches,
  removeEmailWatch,
  removePartWatch,
  requestEmailWatch,
  unsubscribeWatches,
} from "../../../shared/contract/index.ts";
import type { Language } from "../../../shared/languages.ts";
import type { Database } from "../db.ts";
import { mountCall, type MountOptions } from "../http.ts";
import { checkEmail, clientHash } from "../site/forms.ts";
import { createEmailWatches, emailWatchLimits } from "./email-watches.ts";
import { createWatches, watchLimits } from "./watches.ts";

export function mountWatchRoutes(
  router: Router,
  db: Database,
  options: MountOptions & { now: () => number; noticeMailSecret: string | undefined; onQueued?: () => void },
) {
  const watches = createWatches(db, options.now);
  const byEmail = createEmailWatches(db, options.now, watches);
  const secret = options.noticeMailSecret;
  const view = (userId: number) => {
    const watcher = watches.ofUser(userId);
    return { email: watcher?.email ?? null, limit: watchLimits.parts, parts: watcher ? watches.list(watcher.id) : [] };
  };
  const watcherOf = (userId: number, language: Language) => watches.accountWatcher(userId, language);
  const emailView = (token: string) => ({ ...byEmail.list(secret, token), limit: watchLimits.parts });

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
