// deploy/compose.yaml runs what test/ops/several-hosts.test.ts runs (there is no Docker here to run the file
// itself): the same services, the same variables on each kind of host, and nginx configured by the same
// replacements of deploy/nginx.conf, each of which must still find its text there.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { appHostVariables, composeServices, upstreamHostVariables } from "../support/several-hosts.ts";

const root = path.resolve(import.meta.dirname, "..", "..");
const nginxConf = readFileSync(path.join(root, "deploy", "nginx.conf"), "utf8");

interface Service {
  command?: string[];
  environment?: Record<string, string>;
  image?: string;
  build?: { dockerfile: string };
}
const compose = parse(readFileSync(path.join(root, "deploy", "compose.yaml"), "utf8"), { merge: true }) as { services: Record<string, Service> };

describe("deploy/compose.yaml", () => {
  it("runs two upstream hosts, two app hosts, PostgreSQL, Redis and nginx, nothing else", () => {
    const all = [...composeServices.upstream, ...composeServices.app, ...composeServices.shared];
    expect(Object.keys(compose.services).sort()).toEqual(all.sort());
  });

  it.each(composeServices.upstream)("gives upstream host %s the test's variables, and runs `npm run upstream`'s entry from the Dockerfile's image", (name) => {
    const service = compose.services[name]!;
    expect(Object.keys(service.environment ?? {}).sort()).toEqual([...upstreamHostVariables].sort());
    expect(service.command).toEqual(["node", JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts.upstream.split(" ")[1]]);
    expect(service.build?.dockerfile).toBe("Dockerfile");
    expect(service.environment!.DATABASE_URL).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
  });

  it.each(composeServices.app)("gives app host %s the test's variables, its upstream being nginx's internal server", (name) => {
    const service = compose.services[name]!;
    expect(Object.keys(service.environment ?? {}).sort()).toEqual([...appHostVariables].sort());
    expect(service.command).toBeUndefined();
    expect(service.environment!.UPSTREAM_URL).toBe("http://nginx:3001");
    expect(service.environment!.REDIS_URL).toBe("redis://redis:6379");
  });

  it("names one public origin on every host", () => {
    const origins = [...composeServices.upstream, ...composeServices.app].map((name) => compose.services[name]!.environment!.PUBLIC_ORIGIN);
    expect(new Set(origins).size).toBe(1);
  });

  it("configures nginx from deploy/nginx.conf by replacements that each find their text, naming every host", () => {
    const script = compose.services.nginx!.command!.at(-1)!;
    const replacements = [...script.matchAll(/-e 's\/([^/]+)\/([^/]*)\/'/g)].map((match) => [match[1]!, match[2]!] as const);
    expect(replacements.length).toBe(3);
    for (const [from] of replacements) expect(nginxConf, from).toContain(from);
    const replaced = replacements.map(([, to]) => to).join("\n");
    for (const name of [...composeServices.app, ...composeServices.upstream]) expect(replaced).toContain(`server ${name}:`);
  });
});
