// The page client: one module, two transports (DESIGN.md). On the server its base is the upstream URL
// and it forwards the visitor's cookie; in the browser its base is /api and it sends credentials.
// Every body gets language, sitePageDataType and websiteCode; every answer is parsed with the contract.
import type { CallBody, CallDefinition, CallQuery } from "../../shared/contract/index.ts";
import { sitePageDataTypes } from "../../shared/contract/page-data-types.ts";
import { callPath } from "../../shared/contract/call-path.ts";
import type { z } from "zod";
import type { Language } from "../../shared/languages.ts";

export interface PageClientOptions {
  base: string;
  provider: string;
  websiteCode: string;
  language: Language;
  preview: boolean;
  /** Server transport only: the visitor's Cookie header, forwarded as is. */
  cookie?: string | undefined;
  /** Server transport only: receives the upstream's Set-Cookie lines (sign-in from a form without JS). */
  onSetCookie?: ((lines: string[]) => void) | undefined;
  /** Server transport only: the visitor's address, so the upstream's per-client limits (contact form,
   * sign-in codes) count the visitor and not the site server when a form is posted without JavaScript. */
  forwardedFor?: string | undefined;
  fetch?: typeof fetch;
  signal?: AbortSignal | undefined;
  /** Server transport only: the shared cache of public reads (server/cache/). Left out in preview and for a
   * visitor whose calls may be bound to a session, so such calls always reach the upstream. */
  cache?: CallCache | undefined;
}

/** What the page client needs of a cache; the server's implementation lives in server/cache/. */
export interface CallCache {
  /** The kept answer of `key`, else `load`'s (one load in flight per key). `signal` only stops this caller
   * waiting: the shared load runs on with its own timeout, since other visitors may be waiting for it. */
  get<T>(key: string, load: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T>;
}

/** Public reads (menus, tree, pages, lists, details, search) answer every anonymous visitor alike: the only
 * calls a shared cache may keep. Writes (add*, send*, auth*) and session calls (auth, isLogin) never are. */
function isPublicRead(call: Pick<CallDefinition, "auth" | "method" | "name">): boolean {
  return !call.auth && (call.method === "GET" || /^(query|search)[A-Z]/.test(call.name));
}

/** A failed call: the contract's code and message when the upstream answered, else a transport error. */
export class ApiCallError extends Error {
  readonly code: string;
  readonly status: number;
  /** The answer's Retry-After in seconds, when it sent one (a 503, or a 429: how long a limit or lock still holds). */
  readonly retryAfterSeconds: number | undefined;
  constructor(code: string, status: number, message: string, retryAfterSeconds?: number) {
    super(message);
    this.name = "ApiCallError";
    this.code = code;
    this.status = status;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The success envelope; `env` and `year` are the extra fields of querySitePageData. */
type Response_<C extends CallDefinition> = { success: boolean; code: string; message: string; data: z.infer<C["data"]> } & Partial<Record<"env" | "year", string>>;

export interface PageClient {
  readonly language: Language;
  /** Calls the upstream and returns the whole parsed success envelope. */
  request<C extends CallDefinition>(call: C, body?: CallBody<C>, query?: CallQuery<C>): Promise<Response_<C>>;
  /** Calls the upstream and returns only `data`. */
  call<C extends CallDefinition>(call: C, body?: CallBody<C>, query?: CallQuery<C>): Promise<z.infer<C["data"]>>;
}

/** The contract's schemas, loaded on the first answer to parse. In the browser build call definitions are
 * light descriptions with load() (scripts/vite-plugin-lazy-contract.ts), so zod stays off the first load;
 * every answer is still parsed with the real schema, defaults and all. On the server this is the module
 * already loaded. */
let contract: Promise<typeof import("../../shared/contract/runtime.ts")> | undefined;
async function realDefinition<C extends CallDefinition>(call: C): Promise<C> {
  const load = (call as C & { load?: () => Promise<C> }).load;
  return load ? load() : call;
}

const responseSchemas = new WeakMap<CallDefinition, ReturnType<typeof import("../../shared/contract/runtime.ts").responseSchema>>();

/** The length of the text a parsed answer came as: what the server's cache of answers counts in bytes, which
 * it would otherwise serialize every answer again to learn (a finder page of 100 rows, each request). A
 * registered symbol, not a WeakMap: the server's cache and the page bundle's copy of this module must agree. */
const answerLengthKey = Symbol.for("qingyun.answerLength");
export function answerLength(answer: unknown): number | undefined {
  return answer && typeof answer === "object" ? (answer as Record<symbol, number | undefined>)[answerLengthKey] : undefined;
}

export function createPageClient(options: PageClientOptions): PageClient {
  const doFetch = options.fetch ?? globalThis.fetch;
  const isServer = options.cookie !== undefined;

  async function request<C extends CallDefinition>(call: C, body?: CallBody<C>, query?: CallQuery<C>) {
    const params = new URLSearchParams(Object.entries(query ?? {}).map(([k, v]) => [k, String(v)]));
    // A GET carries no body, so its answer's language travels in the query.
    if (call.method === "GET") params.set("language", options.language);
    const search = params.size ? `?${params}` : "";
    const url = `${options.base}${callPath(call, options.provider)}${search}`;
    const headers: Record<string, string> = { accept: "application/json" };
    if (isServer && options.cookie) headers.cookie = options.cookie;
    if (isServer && options.forwardedFor) headers["x-forwarded-for"] = options.forwardedFor;
    const init: RequestInit = { method: call.method, headers, credentials: "same-origin", signal: options.signal ?? null };
    if (call.method === "POST") {
      headers["content-type"] = "application/json";
      init.body = JSON.stringify({
        ...(body ?? {}),
        language: options.language,
        sitePageDataType: options.preview ? sitePageDataTypes.draft : sitePageDataTypes.published,
        websiteCode: options.websiteCode,
      });
    }
    if (isServer && options.cache && isPublicRead(call)) {
      // The key holds everything the answer depends on: path, query (language) and body (language, draft flag, site).
      const key = `${call.method} ${url} ${typeof init.body === "string" ? init.body : ""}`;
      return options.cache.get(key, (signal) => send(call, url, { ...init, signal }), options.signal);
    }
    return send(call, url, init);
  }

  async function send<C extends CallDefinition>(call: C, url: string, init: RequestInit): Promise<Response_<C>> {
    let response: Response;
    try {
      response = await doFetch(url, init);
    } catch (error) {
      // The page's deadline (or the call's timeout) ran out: the upstream did not answer in time.
      if (error instanceof Error && error.name === "TimeoutError") throw new ApiCallError("TIMEOUT", 0, error.message);
      throw new ApiCallError("NETWORK", 0, error instanceof Error ? error.message : String(error));
    }
    if (isServer && options.onSetCookie) {
      const lines = response.headers.getSetCookie();
      if (lines.length) options.onSetCookie(lines);
    }
    const text = await response.text().catch(() => "");
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's error page): judged below as an answer outside the contract.
    }
    contract ??= import("../../shared/contract/runtime.ts");
    const [{ errorEnvelope, responseSchema }, definition] = await Promise.all([contract, realDefinition(call)]);
    if (!response.ok) {
      const retryAfter = Number(response.headers.get("retry-after") ?? Number.NaN);
      const seconds = Number.isInteger(retryAfter) && retryAfter > 0 ? retryAfter : undefined;
      const failure = errorEnvelope.safeParse(json);
      if (failure.success) throw new ApiCallError(failure.data.code, response.status, failure.data.message, seconds);
      throw new ApiCallError(`HTTP_${response.status}`, response.status, `HTTP ${response.status} from ${call.name}`, seconds);
    }
    // Built once per call: making a zod schema is far dearer than using one.
    let schema = responseSchemas.get(definition);
    if (!schema) {
      schema = responseSchema(definition);
      responseSchemas.set(definition, schema);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new ApiCallError("CONTRACT", response.status, `${call.name} answered outside its contract: ${parsed.error.issues[0]?.message}`);
    }
    if (parsed.data && typeof parsed.data === "object") Object.defineProperty(parsed.data, answerLengthKey, { value: text.length });
    return parsed.data as Response_<C>;
  }

  return {
    language: options.language,
    request,
    call: async (call, body, query) => (await request(call, body, query)).data,
  };
}
