// What a page answers when the upstream failed it (not a bug of ours): 502 when it cannot be reached or
// answers with an error or outside the contract, 503 when it says it is unavailable or overloaded (with
// Retry-After), 504 when it did not answer in time. The server's status, the error page's text and the
// browser's error page after a failed navigation all follow this one rule.
import { ApiCallError } from "./page-client.ts";

type UpstreamFailureStatus = 502 | 503 | 504;

export interface UpstreamFailure {
  status: UpstreamFailureStatus;
  /** For a 503: when to try again, the upstream's own figure or ours. */
  retryAfterSeconds?: number;
}

/** When a visitor may try again after an upstream that gave no Retry-After says it is unavailable. */
const defaultRetryAfterSeconds = 30;

export const upstreamFailureStatuses: readonly number[] = [502, 503, 504];

/** The failure an error of a page's loader stands for, or null when it is not the upstream's (a bug: 500). */
export function upstreamFailure(error: unknown): UpstreamFailure | null {
  // A shared load of the upstream cache times out outside the page client: the timeout itself arrives.
  if (error instanceof Error && error.name === "TimeoutError") return { status: 504 };
  if (!(error instanceof ApiCallError)) return null;
  if (error.code === "TIMEOUT" || error.status === 504) return { status: 504 };
  if (error.status === 0) return { status: 502 };
  if (error.status === 503 || error.status === 429) {
    return { status: 503, retryAfterSeconds: error.retryAfterSeconds ?? defaultRetryAfterSeconds };
  }
  if (error.status >= 500 || error.code === "CONTRACT") return { status: 502 };
  return null;
}
