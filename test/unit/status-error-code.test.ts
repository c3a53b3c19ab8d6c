// The status → error code rule: the table's generic codes, and the proxy's exceptions for an upstream's bare error answer.
import { describe, expect, it } from "vitest";
import { errorCodes, statusErrorCode } from "../../shared/contract/errors.ts";
import { upstreamStatusCode } from "../../server/api/proxy.ts";

describe("the code a bare HTTP status stands for", () => {
  it("is the table's E<status>00001 code, whose own status is that status", () => {
    for (const status of [400, 401, 403, 404, 405, 413, 415, 429, 500, 502, 503, 504]) {
      const code = statusErrorCode(status);
      expect(code).toBe(`E${status}00001`);
      expect(errorCodes[code!].status).toBe(status);
    }
    expect(statusErrorCode(409)).toBeUndefined();
    expect(statusErrorCode(418)).toBeUndefined();
    expect(statusErrorCode(501)).toBeUndefined();
  });

  it("gives the proxy the same codes it always answered for an upstream's error without an envelope", () => {
    const before: Record<number, string> = {
      400: "E40000001",
      401: "E40000001",
      403: "E40000001",
      404: "E40400001",
      405: "E40500001",
      409: "E40000001",
      413: "E41300001",
      415: "E41500001",
      422: "E40000001",
      429: "E42900001",
      500: "E50200001",
      501: "E50200001",
      502: "E50200001",
      503: "E50300001",
      504: "E50400001",
      505: "E50200001",
    };
    for (const [status, code] of Object.entries(before)) expect(upstreamStatusCode(Number(status)), status).toBe(code);
  });
});
