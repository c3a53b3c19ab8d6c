// The page client: one module, two transports (DESIGN.md). On the server its base is the upstream URL
// and it forwards the visitor's cookie; in the browser its base is /api and it sends credentials.
// Every body gets language, sitePageDataType and websiteCode; every answer is parsed with the contract.
import {
  callPath,
  errorEnvelope,
  responseSchema,
  type CallBody,
  type CallDefinition,
  type CallQuery,
} from "../../shared/contract/index.ts";
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
  fetch?: typeof fetch;
  signal?: AbortSignal | undefined;
}

/** A failed call: the contract's code and message when the upstream answered, else a transport error. */
export class ApiCallError extends Error {
  readonly code: string;
  readonly status: number;
  constructor(code: string, status: number, message: string) {
    super(message);
    this.name = "ApiCallError";
    this.code = code;
    this.status = status;
  }
}

/** The success envelope; `env` and `year` are the extra fields of querySitePageData. */
type Response_<C extends CallDefinition> = { success: boolean; code: string; message: string; data: z.infer<C["data"]> } & Partial<
  Record<"env" | "year", string>
>;

export interface PageClient {
  readonly language: Language;
  /** Calls the upstream and returns the whole parsed success envelope. */
  request<C extends CallDefinition>(call: C, body?: CallBody<C>, query?: CallQuery<C>): Promise<Response_<C>>;
  /** Calls the upstream and returns only `data`. */
  call<C extends CallDefinition>(call: C, body?: CallBody<C>, query?: CallQuery<C>): Promise<z.infer<C["data"]>>;
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
    const init: RequestInit = { method: call.method, headers, credentials: "same-origin", signal: options.signal ?? null };
    if (call.method === "POST") {
      headers["content-type"] = "application/json";
      init.body = JSON.stringify({
        ...(body ?? {}),
        language: options.language,
        sitePageDataType: options.preview ? 2 : 1,
        websiteCode: options.websiteCode,
      });
    }
    let response: Response;
    try {
      response = await doFetch(url, init);
    } catch (error) {
      throw new ApiCallError("NETWORK", 0, error instanceof Error ? error.message : String(error));
    }
    if (isServer && options.onSetCookie) {
      const lines = response.headers.getSetCookie();
      if (lines.length) options.onSetCookie(lines);
    }
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const failure = errorEnvelope.safeParse(json);
      if (failure.success) throw new ApiCallError(failure.data.code, response.status, failure.data.message);
      throw new ApiCallError(`HTTP_${response.status}`, response.status, `HTTP ${response.status} from ${call.name}`);
    }
    const parsed = responseSchema(call).safeParse(json);
    if (!parsed.success) {
      throw new ApiCallError("CONTRACT", response.status, `${call.name} answered outside its contract: ${parsed.error.issues[0]?.message}`);
    }
    return parsed.data as Response_<C>;
  }

  return {
    language: options.language,
    request,
    call: async (call, body, query) => (await request(call, body, query)).data,
  };
}
