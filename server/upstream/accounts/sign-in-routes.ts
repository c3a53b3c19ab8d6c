// The sign-in calls: code requests by SMS and e-mail, sign-in (the account is created on first sign-in,
// a fresh session id every time) and sign-out.
import type { Request, Response, Router } from "express";
import {
  authAndRegisterByEmail,
  authAndRegisterBySms,
  loginOut,
  sendSmsVerifyCode,
  sendVerifyCode,
  verifyCodeRules,
  type UserInfo,
} from "../../../shared/contract/index.ts";
import { sessionCookieName } from "../../../shared/cookies.ts";
import type { Language } from "../../../shared/languages.ts";
import { normalizeEmail, normalizeMainlandMobile, verifyCodePattern } from "../../../shared/forms/validation.ts";
import type { Database } from "../db.ts";
import { clientHash } from "../site/forms.ts";
import { ApiError, mountCall, type MountOptions } from "../http.ts";
import { createSession, readSessionCookie, revokeSession, sessionCookieOptions } from "./sessions.ts";
import type { CodeChannel, CodeStore } from "./codes.ts";
import type { CodeSenders } from "../delivery/code-senders.ts";

export interface SignInDeps {
  db: Database;
  codes: CodeStore;
  senders: CodeSenders;
  now: () => number;
  publicOrigin: string;
  log: (message: string, detail?: unknown) => void;
}

function target(channel: CodeChannel, value: string): string {
  const normalised = channel === "sms" ? normalizeMainlandMobile(value) : normalizeEmail(value);
  if (!normalised) throw new ApiError(channel === "sms" ? "E40021001" : "E40021002");
  return normalised;
}

export function mountSignInRoutes(router: Router, deps: SignInDeps, options: MountOptions) {
  const { db, codes, senders, now } = deps;
  const cookieOptions = sessionCookieOptions(deps.publicOrigin);
  const sessionCookie = sessionCookieName(deps.publicOrigin);
  const { maxAge: _maxAge, ...clearOptions } = cookieOptions;

  async function sendCode(channel: CodeChannel, to: string, req: Request, language: Language) {
    const { id, code } = codes.issue(channel, to, clientHash(req));
    try {
      await senders[channel].send({ to, code, language });
    } catch (error) {
      codes.markUnsent(id);
      // The sender's error never carries the code (see aliyun-sms.ts); the address is kept for support.
      deps.log(`sign-in code delivery by ${senders[channel].name} failed`, error);
      throw new ApiError("E40021011");
    }
    codes.markSent(id);
    // The same answer whether or not an account exists for this number or address.
    return { resendAfterSeconds: verifyCodeRules.resendAfterSeconds, expiresInSeconds: verifyCodeRules.expiresInSeconds };
  }

  mountCall(router, sendSmsVerifyCode, ({ body, req, language }) => sendCode("sms", target("sms", body.phone), req, language), options);
  mountCall(router, sendVerifyCode, ({ body, req, language }) => sendCode("email", target("email", body.email), req, language), options);

  const findByPhone = db.prepare("SELECT id AS userId, phone, email FROM users WHERE phone = ?");
  const findByEmail = db.prepare("SELECT id AS userId, phone, email FROM users WHERE email = ?");
  const insertByPhone = db.prepare("INSERT INTO users (phone, created_at) VALUES (?, ?) ON CONFLICT (phone) DO NOTHING");
  const insertByEmail = db.prepare("INSERT INTO users (email, created_at) VALUES (?, ?) ON CONFLICT (email) DO NOTHING");

  function signIn(channel: CodeChannel, rawTarget: string, code: string, req: Request, res: Response): UserInfo {
    const to = target(channel, rawTarget);
    if (!verifyCodePattern.test(code)) throw new ApiError("E40021003");
    const previous = readSessionCookie(req, sessionCookie);
    const { user, sessionId } = codes.verify(channel, to, clientHash(req), code, () => {
      const t = now();
      (channel === "sms" ? insertByPhone : insertByEmail).run(to, t);
      const user = (channel === "sms" ? findByPhone : findByEmail).get(to) as UserInfo;
      // A new id at every sign-in: a session id planted before sign-in is never promoted.
      if (previous) revokeSession(db, previous, t);
      return { user, sessionId: createSession(db, user.userId, t) };
    });
    res.cookie(sessionCookie, sessionId, cookieOptions);
    return { userId: user.userId, phone: user.phone, email: user.email };
  }

  mountCall(router, authAndRegisterBySms, ({ body, req, res }) => signIn("sms", body.phone, body.code, req, res), options);
  mountCall(router, authAndRegisterByEmail, ({ body, req, res }) => signIn("email", body.email, body.code, req, res), options);

  mountCall(
    router,
    loginOut,
    ({ req, res }) => {
      const id = readSessionCookie(req, sessionCookie);
      const revoked = id ? revokeSession(db, id, now()) : false;
      res.clearCookie(sessionCookie, clearOptions);
      if (!revoked) throw new ApiError("E40021009");
      return null;
    },
    options,
  );
}
