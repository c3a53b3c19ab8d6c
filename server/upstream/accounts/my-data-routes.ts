// The calls of the visitor's own data (all need a session): applicant details, export, account deletion.
import type { Router } from "express";
import { deleteMyAccount, downloadMyDataPath, exportMyData, removeApplicantProfile, saveApplicantProfile } from "../../../shared/contract/index.ts";
import { sessionCookieName } from "../../../shared/cookies.ts";
import { mountCall, requestLanguage, sendError, type MountOptions } from "../http.ts";
import { checkApplicant } from "../applicants/profiles.ts";
import type { SampleStore } from "../samples/store.ts";
import { sessionCookieOptions } from "./sessions.ts";
import type { MyData } from "./my-data.ts";
import { privateNoStore } from "../../../shared/http/user-pages.ts";

export function mountMyDataRoutes(
  router: Router,
  deps: { profiles: Pick<SampleStore, "saveProfile" | "removeProfile">; myData: MyData; publicOrigin: string },
  options: MountOptions,
) {
  const uid = (userId: number | null) => userId!;
  const { maxAge: _maxAge, ...clearOptions } = sessionCookieOptions(deps.publicOrigin);

  mountCall(
    router,
    saveApplicantProfile,
    ({ body, userId }) => {
      // The sample form's own checks (one rule), sample use aside: it belongs to each order, not the person.
      const { applicant } = checkApplicant(body, "evaluation");
      return deps.profiles.saveProfile(uid(userId), applicant);
    },
    options,
  );
  mountCall(
    router,
    removeApplicantProfile,
    async ({ userId }) => {
      await deps.profiles.removeProfile(uid(userId));
      return null;
    },
    options,
  );
  mountCall(router, exportMyData, ({ userId, language }) => deps.myData.export(uid(userId), language), options);
  // The file a link can download (a GET: no JSON body to carry the language, so it comes in the query).
  router.get(downloadMyDataPath, async (req, res, next) => {
    try {
      const language = requestLanguage(req);
      const userId = await options.resolveUser(req);
      if (userId === null) return sendError(res, "E40100001", language);
      const data = await deps.myData.export(userId, language);
      res.setHeader("Cache-Control", privateNoStore);
      res.setHeader("Content-Disposition", `attachment; filename="qingyun-my-data-${data.exportedAt.slice(0, 10)}.json"`);
      res.type("application/json").send(JSON.stringify(data, null, 2));
    } catch (error) {
      next(error);
    }
  });
  mountCall(
    router,
    deleteMyAccount,
    async ({ userId, res }) => {
      await deps.myData.deleteAccount(uid(userId));
      res.clearCookie(sessionCookieName(deps.publicOrigin), clearOptions);
      return null;
    },
    options,
  );
}
