// The render's upstream calls, measured and tagged with the request id: a fetch wrapper the document handler gives the page client.
// Calls are named by the last segment of their path (the contract's call name, DESIGN.md), so the
// label stays bounded; outcomes tell a slow upstream (timeout) from a visitor who left (aborted).
import { countUpstreamError, observeUpstreamCall, secondsSince, type UpstreamOutcome } from "./index.ts";

export function callName(input: string | URL | Request): string {
  const href = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  let path = "";
  try {
    path = new URL(href, "http://upstream.invalid").pathname;
  } catch {
    return "other";
  }
  const last = path.split("/").filter(Boolean).pop() ?? "";
  return /^[A-Za-z][A-Za-z0-9]{0,59}$/.test(last) ? last : "other";
}

function outcomeOf(error: unknown): UpstreamOutcome {
  const name = error instanceof Error ? error.name : "";
  return name === "TimeoutError" ? "timeout" : name === "AbortError" ? "aborted" : "error";
}

/** `requestId`: sent along as X-Request-Id, so the upstream's log lines match the page's. */
export function meteredFetch(inner: typeof fetch = globalThis.fetch, requestId?: string): typeof fetch {
  return async (input, given) => {
    let init = given;
    if (requestId) {
      const headers = new Headers(given?.headers);
      headers.set("x-request-id", requestId);
      init = { ...given, headers };
    }
    const call = callName(input);
    const started = process.hrtime.bigint();
    try {
      const response = await inner(input, init);
      const failed = response.status >= 500;
      observeUpstreamCall(call, secondsSince(started), failed ? "error" : "ok");
      if (failed) countUpstreamError(call, "server_error");
      return response;
    } catch (error) {
      const outcome = outcomeOf(error);
      observeUpstreamCall(call, secondsSince(started), outcome);
      if (outcome !== "aborted") countUpstreamError(call, outcome === "timeout" ? "timeout" : "unreachable");
      throw error;
    }
  };
}
