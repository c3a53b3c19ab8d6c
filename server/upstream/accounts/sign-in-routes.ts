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
import { clientHash } from "../site/forms.ts";
import { ApiError, mountCall, type MountOptions } from "../http.ts";
import { readSessionCookie, sessionCookieOptions } from "./sessions.ts";
import type { CodeChannel } from "./code-rules.ts";
import type { AccountStore } from "./store.ts";
import type { CodeSenders } from "../delivery/code-senders.ts";

export interface SignInDeps {
  accounts: AccountStore;
  senders: CodeSenders;
  publicOrigin: string;
  log: (message: string, detail?: unknown) => void;
}

function target(channel: CodeChannel, value: string): string {
  const normalised = channel === "sms" ? normalizeMainlandMobile(value) : normalizeEmail(value);
  if (!normalised) throw new ApiError(channel === "sms" ? "E40021001" : "E40021002");
  return normalised;
}

export function mountSignInRoutes(router: Router, deps: SignInDeps, options: MountOptions) {
  const { accounts, senders } = deps;
  const cookieOptions = sessionCookieOptions(deps.publicOrigin);
  const sessionCookie = sessionCookieName(deps.publicOrigin);
  const { maxAge: _maxAge, ...clearOptions } = cookieOptions;

  async function sendCode(channel: CodeChannel, to: string, req: Request, language: Language) {
    const { id, code } = await accounts.issueCode(channel, to, clientHash(req));
    try {
      await senders[channel].send({ to, code, language });
    } catch (error) {
      await accounts.markCodeUnsent(id);
      // The sender's error never carries the code (see aliyun-sms.ts); the address is kept for support.
      deps.log(`sign-in code delivery by ${senders[channel].name} failed`, error);
      throw new ApiError("E40021011");
    }
    await accounts.markCodeSent(id);
    // The same answer whether or not an account exists for this number or address.
    return { resendAfterSeconds: verifyCodeRules.resendAfterSeconds, expiresInSeconds: verifyCodeRules.expiresInSeconds };
  }

  mountCall(router, sendSmsVerifyCode, ({ body, req, language }) => sendCode("sms", target("sms", body.phone), req, language), options);
  mountCall(router, sendVerifyCode, ({ body, req, language }) => sendCode("email", target("email", body.email), req, language), options);

  async function signIn(channel: CodeChannel, rawTarget: string, code: string, req: Request, res: Response): Promise<UserInfo> {
    const to = target(channel, rawTarget);
    if (!verifyCodePattern.test(code)) throw new ApiError("E40021003");
    // A new id at every sign-in: a session id planted before sign-in is revoked, never promoted.
    const { user, sessionId } = await accounts.signIn(channel, to, clientHash(req), code, readSessionCookie(req, sessionCookie));
    res.cookie(sessionCookie, sessionId, cookieOptions);
    return { userId: user.userId, phone: user.phone, email: user.email };
  }

  mountCall(router, authAndRegisterBySms, ({ body, req, res }) => signIn("sms", body.phone, body.code, req, res), options);
  mountCall(router, authAndRegisterByEmail, ({ body, req, res }) => signIn("email", body.email, body.code, req, res), options);

  mountCall(
    router,
    loginOut,
    async ({ req, res }) => {
      const id = readSessionCookie(req, sessionCookie);
      const revoked = id ? await accounts.revokeSession(id) : false;
      res.clearCookie(sessionCookie, clearOptions);
      if (!revoked) throw new ApiError("E40021009");
      return null;
    },
    options,
  );
}
