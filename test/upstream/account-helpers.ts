// Test seams for accounts: an upstream with a hand-moved clock whose console code sender writes into
// an array (options.codeLog, never a real log), and helpers to request a code and sign in.
import type { z } from "zod";
import { responseSchema, type CallDefinition } from "../../shared/contract/index.ts";
import { sessionCookie, sessionCookieName } from "../../shared/cookies.ts";
import { startTestUpstream, type Answer, type TestUpstream, type TestUpstreamOverrides } from "./helpers.ts";

export interface Delivery {
  channel: "sms" | "email";
  to: string;
  code: string;
}

export interface AccountUpstream extends TestUpstream {
  clock: { t: number; advance: (ms: number) => void };
  deliveries: Delivery[];
  /** The last code sent to a number or address. */
  lastCode: (to: string) => string;
  /** POST with the common body fields; `cookie` is a session id, `ip` goes into X-Forwarded-For (default:
   * one address per phone or e-mail of the body, its owner's device). */
  call: (path: string, body?: Record<string, unknown>, options?: CallOptions) => Promise<Answer>;
  /** Requests an SMS code and signs in; returns the session id and the user. */
  signIn: (phone: string, options?: { ip?: string; cookie?: string }) => Promise<{ session: string; userId: number; headers: Headers }>;
}

interface CallOptions {
  cookie?: string;
  ip?: string;
  language?: "zh" | "en";
  method?: "GET" | "POST";
}

let ipCounter = 0;
/** A fresh client address per caller, so per-IP limits of one test never touch another. */
export function freshIp(): string {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

const START = Date.UTC(2026, 10, 22, 2, 0, 0);

/** `start` sets the clock (default START); tests that mix in real-clock writers (the CLI) start near now. */
export async function startAccountUpstream(
  overrides: TestUpstreamOverrides = {},
  start = START,
  /** The upstream's logger (silent unless a test reads what it logs). */
  log?: (message: string, detail?: unknown) => void,
): Promise<AccountUpstream> {
  const clock = {
    t: start,
    advance: (ms: number) => {
      clock.t += ms;
    },
  };
  const deliveries: Delivery[] = [];
  const upstream = await startTestUpstream(
    {
      now: () => clock.t,
      codeLog: (delivery) => deliveries.push(delivery),
      ...overrides,
    },
    log,
  );
  // The session cookie's name follows the origin (__Host- behind https), as the upstream's does.
  const cookieName = sessionCookieName(overrides.publicOrigin ?? "http://localhost:3000");
  // A number's calls come from one device unless a test says otherwise: codes and locks are per client.
  const devices = new Map<string, string>();
  const deviceOf = (body: Record<string, unknown>) => {
    const target = body.phone ?? body.email;
    if (typeof target !== "string") return freshIp();
    let ip = devices.get(target);
    if (!ip) {
      ip = freshIp();
      devices.set(target, ip);
    }
    return ip;
  };
  const call: AccountUpstream["call"] = async (path, body = {}, options = {}) => {
    const headers: Record<string, string> = { "x-forwarded-for": options.ip ?? deviceOf(body) };
    if (options.cookie) headers.cookie = `${cookieName}=${options.cookie}`;
    if (options.method === "GET") return upstream.get(path, headers);
    return upstream.post(path, { language: options.language ?? "en", websiteCode: "qingyun", ...body }, headers);
  };
  const lastCode = (to: string) => {
    const found = deliveries.findLast((delivery) => delivery.to === to);
    if (!found) throw new Error(`no code was sent to ${to}`);
    return found.code;
  };
  const signIn: AccountUpstream["signIn"] = async (phone, options = {}) => {
    const ip = options.ip ?? freshIp();
    const sent = await call("/open/message/sendSmsVerifyCode", { phone }, { ip });
    if (sent.status !== 200) throw new Error(`code request failed: ${JSON.stringify(sent.json)}`);
    const response = await call("/open/user/auth/authAndRegisterBySms", { phone, code: lastCode(phone) }, { ip, ...(options.cookie ? { cookie: options.cookie } : {}) });
    if (response.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(response.json)}`);
    const session = sessionFrom(response.headers);
    if (!session) throw new Error("no session cookie");
    return { session, userId: response.json.data.userId, headers: response.headers };
  };
  return { ...upstream, clock, deliveries, lastCode, call, signIn };
}

/** The session cookie's Set-Cookie line, under its http or https (__Host-) name. */
export function setCookieLine(headers: Headers): string {
  return headers.getSetCookie().find((cookie) => cookie.startsWith(`${sessionCookie}=`) || cookie.startsWith(`${sessionCookieName("https:")}=`)) ?? "";
}

/** The session id a response sets ("" when it clears the cookie), or undefined. */
export function sessionFrom(headers: Headers): string | undefined {
  const line = setCookieLine(headers);
  return line === "" ? undefined : decodeURIComponent(line.slice(line.indexOf("=") + 1).split(";")[0]!);
}

let phoneCounter = 0;
/** A distinct valid mainland mobile per call. */
export function freshPhone(): string {
  phoneCounter += 1;
  return `139${String(process.pid % 10000).padStart(4, "0")}${String(phoneCounter).padStart(4, "0")}`;
}

/** Checks a success answer against the call's contract and returns its typed data. */
export function contractData<C extends CallDefinition>(call: C, json: unknown): z.infer<C["data"]> {
  responseSchema(call).parse(json);
  return call.data.parse((json as { data: unknown }).data) as z.infer<C["data"]>;
}

/** A mainland address for tests (GB/T 2260: 江苏省 › 苏州市 › 虎丘区). */
export const testAddress = {
  recipient: "李明",
  phone: "13800138000",
  company: "苏州绿源电力科技有限公司",
  country: "CN",
  provinceCode: "320000",
  cityCode: "320500",
  districtCode: "320505",
  street: "科灵路 78 号 3 幢 501",
  postalCode: "215163",
};

/** Saves the test address in the user's book; returns its ID (the default when it is the first). */
export async function addAddress(u: AccountUpstream, session: string, address: Record<string, unknown> = testAddress): Promise<number> {
  const response = await u.call("/proxy/qingyun/basic/userAddress/saveShippingAddress", address, { cookie: session });
  if (response.status !== 200) throw new Error(`saving the address failed: ${JSON.stringify(response.json)}`);
  return (response.json.data as Array<{ ID: number }>).at(-1)!.ID;
}

const addressIds = new Map<string, Promise<number>>();
/** The session's address for submitting orders: saved once per session, then reused. The saving is kept, not its
 * answer, so a burst of submits asking at once saves one address (each of them saving filled the book on a busy
 * machine). */
export function addressFor(u: AccountUpstream, session: string): Promise<number> {
  let id = addressIds.get(session);
  if (id === undefined) {
    id = addAddress(u, session);
    addressIds.set(session, id);
  }
  return id;
}
