// Passkey sign-in and enrolment with @simplewebauthn/server: discoverable credentials with user verification,
// bound to the console's origin and its host name (the relying party). Each ceremony's challenge is kept in the
// store for 5 minutes under a random id in a cookie, and used once whichever console host the browser's next
// request reaches (decision 044, "Staff and the orders CLI"). JSON in and out (the passkey script's fetches).
import express, { type Request, type Response, type Router } from "express";
import { rateLimit } from "express-rate-limit";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { z } from "zod";
import { defaultLanguage, isLanguage, localizePath, type Language } from "../../shared/languages.ts";
import { staffForms } from "../../shared/staff/staff-forms.ts";
import { staffPaths } from "../../shared/staff/staff-paths.ts";
import type { AuditLog, StaffStore } from "../upstream/staff/store.ts";
import type { StaffT } from "./i18n.ts";
import type { sessionCookie } from "./session.ts";

export interface PasskeyDeps {
  origin: string;
  store: StaffStore;
  audit: AuditLog;
  cookies: ReturnType<typeof sessionCookie>;
  t: Record<Language, StaffT>;
  /** Sign-in and enrolment attempts per client address and window. */
  limit: { windowMs: number; attempts: number };
}

export function passkeyRoutes(deps: PasskeyDeps): Router {
  const { store, audit, cookies, t } = deps;
  const rpID = new URL(deps.origin).hostname;
  const router = express.Router();
  const languageOf = (req: Request): Language => {
    const value = (req.body as { language?: unknown } | undefined)?.language;
    return isLanguage(value) ? value : defaultLanguage;
  };
  const fail = (req: Request, res: Response, status: number, key: string) => res.status(status).json({ message: t[languageOf(req)](key) });

  router.use(
    rateLimit({
      windowMs: deps.limit.windowMs,
      limit: deps.limit.attempts,
      standardHeaders: "draft-8",
      legacyHeaders: false,
      handler: (req, res) => fail(req, res, 429, "errors.429"),
    }),
  );
  router.use(express.json({ limit: "32kb" }));

  function parse<S extends z.ZodType>(schema: S, req: Request, res: Response): z.output<S> | null {
    const parsed = schema.safeParse(req.body);
    if (parsed.success) return parsed.data;
    fail(req, res, 400, "errors.400");
    return null;
  }

  /** Keeps the challenge; the enrolment token the ceremony began with (null for a sign-in) must end it. */
  async function begin(res: Response, challenge: string, token: string | null) {
    cookies.setCeremony(res, await store.beginCeremony(challenge, token));
  }

  /** The challenge this browser was given, once: a second use of it finds nothing. */
  async function take(req: Request, res: Response, token: string | null): Promise<string | null> {
    const id = cookies.readCeremony(req);
    cookies.clearCeremony(res);
    return id ? store.takeCeremony(id, token) : null;
  }

  async function signedIn(res: Response, staffId: number, language: Language) {
    const { token } = await store.startSession(staffId);
    cookies.set(res, token);
    res.json({ redirect: localizePath(staffPaths.home, language) });
  }

  router.post("/sign-in/options", async (req, res) => {
    if (!parse(staffForms.signInOptions, req, res)) return;
    const options = await generateAuthenticationOptions({ rpID, userVerification: "required", allowCredentials: [] });
    await begin(res, options.challenge, null);
    res.json(options);
  });

  router.post("/sign-in/verify", async (req, res) => {
    const body = parse(staffForms.signInVerify, req, res);
    if (!body) return;
    const challenge = await take(req, res, null);
    const passkey = await store.passkey(body.response.id);
    const member = passkey ? await store.byId(passkey.staffId) : null;
    const refuse = async (why: string) => {
      await audit.record({ id: member?.id ?? null, email: member?.email ?? "unknown" }, "signInRefused", null, why);
      fail(req, res, 401, "signIn.failed");
    };
    if (!challenge) return refuse("no challenge");
    if (!passkey || !member) return refuse("unknown passkey");
    if (member.disabledAt !== null) return refuse("disabled");
    let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verification = await verifyAuthenticationResponse({
        response: body.response as unknown as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: deps.origin,
        expectedRPID: rpID,
        credential: { id: passkey.id, publicKey: passkey.publicKey, counter: passkey.counter, transports: passkey.transports as AuthenticatorTransport[] },
        requireUserVerification: true,
      });
    } catch {
      return refuse("verification failed");
    }
    if (!verification.verified) return refuse("not verified");
    // The counter moves forward in the store's own statement: a replay verified on two hosts at once, or a
    // cloned authenticator behind the stored counter, signs in at most once.
    if (!(await store.recordPasskeyUse(passkey.id, verification.authenticationInfo.newCounter))) return refuse("counter did not move forward");
    await audit.record(member, "signIn");
    await signedIn(res, member.id, body.language);
  });

  router.post("/enrol/options", async (req, res) => {
    const body = parse(staffForms.enrolOptions, req, res);
    if (!body) return;
    const member = await store.enrolmentMember(body.token);
    if (!member) return fail(req, res, 400, "enrol.invalid");
    const options = await generateRegistrationOptions({
      rpName: t.en("console"),
      rpID,
      userName: member.email,
      userID: new Uint8Array(Buffer.from(member.userHandle, "base64url")),
      attestationType: "none",
      // A second passkey of the same person goes on another authenticator.
      excludeCredentials: (await store.passkeysOf(member.id)).map((id) => ({ id })),
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    });
    await begin(res, options.challenge, body.token);
    res.json(options);
  });

  router.post("/enrol/verify", async (req, res) => {
    const body = parse(staffForms.enrolVerify, req, res);
    if (!body) return;
    const challenge = await take(req, res, body.token);
    if (!challenge || !(await store.enrolmentMember(body.token))) return fail(req, res, 400, "enrol.invalid");
    let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verification = await verifyRegistrationResponse({
        response: body.response as unknown as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: deps.origin,
        expectedRPID: rpID,
        requireUserVerification: true,
      });
    } catch {
      return fail(req, res, 400, "enrol.failed");
    }
    if (!verification.verified) return fail(req, res, 400, "enrol.failed");
    const { credential } = verification.registrationInfo;
    const member = await store.enrol(body.token, {
      id: credential.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
    });
    if (!member) return fail(req, res, 400, "enrol.invalid");
    await audit.record(member, "enrol");
    await signedIn(res, member.id, body.language);
  });

  return router;
}
