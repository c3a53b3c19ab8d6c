// Rules the site applies in several handlers, each written once: the private Cache-Control, the plain-text 404
// and the API's body limit. A second literal copy would let one handler drift from the others.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { root, sources } from "../helpers/sources.ts";

const files = ["client", "server", "shared", "scripts"].flatMap((dir) => sources(dir));

/** The files that contain `literal`. */
function writers(literal: RegExp): string[] {
  return files.filter((file) => literal.test(readFileSync(path.join(root, file), "utf8")));
}

describe("rules written once", () => {
  it('"private, no-store" only in shared/http/user-pages.ts', () => {
    expect(writers(/"private, no-store"/)).toEqual([path.join("shared", "http", "user-pages.ts")]);
  });

  it("the plain-text 404 only in server/http/not-found.ts", () => {
    expect(writers(/send\("Not found"\)/)).toEqual([path.join("server", "http", "not-found.ts")]);
  });

  it("the API body limit only in shared/contract/envelope.ts", () => {
    expect(writers(/100 \* 1024|"100kb"/i)).toEqual([path.join("shared", "contract", "envelope.ts")]);
  });
});
