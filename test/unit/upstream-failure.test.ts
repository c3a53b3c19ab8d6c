// The one rule for what a page answers when the upstream failed it (route tests: test/routes/upstream-failure.test.ts).
import { describe, expect, it } from "vitest";
import { ApiCallError } from "../../client/api/page-client.ts";
import { upstreamFailure } from "../../client/api/upstream-failure.ts";

describe("what a page answers when the upstream failed it", () => {
  it("tells the upstream's failures apart", () => {
    expect(upstreamFailure(new ApiCallError("NETWORK", 0, "fetch failed"))).toEqual({ status: 502 });
    expect(upstreamFailure(new ApiCallError("TIMEOUT", 0, "timed out"))).toEqual({ status: 504 });
    expect(upstreamFailure(new DOMException("The operation was aborted due to timeout", "TimeoutError"))).toEqual({ status: 504 });
    expect(upstreamFailure(new ApiCallError("HTTP_504", 504, "gateway timeout"))).toEqual({ status: 504 });
    expect(upstreamFailure(new ApiCallError("E50300001", 503, "unavailable", 90))).toEqual({ status: 503, retryAfterSeconds: 90 });
    expect(upstreamFailure(new ApiCallError("E42900001", 429, "slow down"))).toEqual({ status: 503, retryAfterSeconds: 30 });
    expect(upstreamFailure(new ApiCallError("E50000001", 500, "boom"))).toEqual({ status: 502 });
    expect(upstreamFailure(new ApiCallError("CONTRACT", 200, "answered outside its contract"))).toEqual({ status: 502 });
  });

  it("leaves our own bugs and the upstream's answers about the request to the page", () => {
    expect(upstreamFailure(new TypeError("x is undefined"))).toBeNull();
    expect(upstreamFailure(new ApiCallError("E40400001", 404, "not found"))).toBeNull();
    expect(upstreamFailure(new ApiCallError("E40000001", 400, "bad request"))).toBeNull();
    // The visitor left: their render is dropped, nothing to answer.
    expect(upstreamFailure(new DOMException("This operation was aborted", "AbortError"))).toBeNull();
  });
});
