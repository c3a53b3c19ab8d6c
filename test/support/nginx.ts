// deploy/nginx.conf itself, run by Debian's nginx as an ordinary process: its own prefix, temp and cache folders,
// loopback ports, a throwaway self-signed certificate, and the app and upstream hosts of the test in its two
// `upstream` blocks. Only what a test run must change is changed, and each change must apply (the file's shape is
// checked), so a test runs the file operators install. For test/e2e/ops-nginx.test.ts and test/ops/several-hosts.test.ts.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, root } from "./site-process.ts";

const nginxBinary = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((candidate) => existsSync(candidate)) ?? "nginx";

export interface TestNginx {
  prefix: string;
  httpsPort: number;
  httpPort: number;
  /** The internal server the app hosts reach the upstream hosts through (UPSTREAM_URL). */
  internalPort: number;
  /** The edge's access log lines (format `qingyun`: upstream=… id=…). */
  accessLog: () => string[];
  /** The internal server's access log lines. */
  upstreamLog: () => string[];
  stop: () => Promise<void>;
}

export interface NginxPorts {
  httpsPort: number;
  httpPort: number;
  internalPort: number;
}

/** deploy/nginx.conf for loopback: the given app hosts' and upstream hosts' ports, files under `prefix`. */
function testConfig(prefix: string, ports: NginxPorts, sitePorts: number[], upstreamPorts: number[]): string {
  let text = readFileSync(path.join(root, "deploy", "nginx.conf"), "utf8");
  const replace = (from: string | RegExp, to: string) => {
    const next = text.replace(from, to);
    if (next === text) throw new Error(`deploy/nginx.conf no longer contains ${String(from)}`);
    text = next;
  };
  replace(/^user .*;\n/m, "");
  replace("pid /run/nginx.pid;", `pid ${prefix}/nginx.pid;`);
  replace(/\/var\/log\/nginx\//g, `${prefix}/`);
  replace("server 127.0.0.1:3000 ", sitePorts.map((port) => `server 127.0.0.1:${port} `).join("max_fails=3 fail_timeout=10s;\n        "));
  replace("server 127.0.0.1:3001 ", upstreamPorts.map((port) => `server 127.0.0.1:${port} `).join("max_fails=1 fail_timeout=5s;\n        "));
  replace("listen 127.0.0.1:3001;", `listen 127.0.0.1:${ports.internalPort};`);
  replace(/\/var\/cache\/nginx\/qingyun/g, `${prefix}/cache`);
  replace("listen 80;", `listen 127.0.0.1:${ports.httpPort};`);
  replace("listen 443 ssl http2;", `listen 127.0.0.1:${ports.httpsPort} ssl http2;`);
  replace("/etc/ssl/qingyun/fullchain.pem", `${prefix}/cert.pem`);
  replace("/etc/ssl/qingyun/privkey.pem", `${prefix}/key.pem`);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((name) => `    ${name}_temp_path ${prefix}/temp-${name};\n`).join("");
  replace("http {\n", `http {\n${temp}`);
  return text;
}

/** Free ports for nginx, chosen before the hosts start (the app hosts need the internal port, nginx their ports). */
export async function nginxPorts(): Promise<NginxPorts> {
  return { httpsPort: await freePort(), httpPort: await freePort(), internalPort: await freePort() };
}

export async function startNginx(ports: NginxPorts, sitePorts: number[], upstreamPorts: number[] = [0]): Promise<TestNginx> {
  const prefix = mkdtempSync(path.join(tmpdir(), "qy-nginx-"));
  // nginx's workers may run as another user: they must reach the temp and cache folders.
  chmodSync(prefix, 0o755);
  for (const dir of ["cache", "cache-pages", "temp-client_body", "temp-proxy", "temp-fastcgi", "temp-uwsgi", "temp-scgi"]) {
    mkdirSync(path.join(prefix, dir));
    chmodSync(path.join(prefix, dir), 0o777);
  }
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1", "-keyout", `${prefix}/key.pem`, "-out", `${prefix}/cert.pem`],
    { stdio: "ignore" },
  );
  const conf = path.join(prefix, "nginx.conf");
  // Port 0 stands for "no upstream hosts in this test": nginx needs a server line, and a closed port is one.
  writeFileSync(
    conf,
    testConfig(
      prefix,
      ports,
      sitePorts,
      upstreamPorts.map((port) => port || 9),
    ),
  );
  execFileSync(nginxBinary, ["-t", "-p", prefix, "-c", conf, "-e", `${prefix}/error.log`], { stdio: "pipe" });
  const nginx: ChildProcess = spawn(nginxBinary, ["-p", prefix, "-c", conf, "-e", `${prefix}/error.log`, "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    if (nginx.exitCode === null && nginx.signalCode === null) {
      const exited = new Promise((resolve) => nginx.once("exit", resolve));
      nginx.kill("SIGQUIT");
      await exited;
    }
    rmSync(prefix, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answered = await new Promise<boolean>((resolve) => {
      const request = http.get(`http://127.0.0.1:${ports.httpPort}/`, { agent: false }, (res) => {
        res.resume();
        resolve(true);
      });
      request.on("error", () => resolve(false));
    });
    if (answered) break;
    if (Date.now() > deadline || nginx.exitCode !== null) {
      const log = existsSync(`${prefix}/error.log`) ? readFileSync(`${prefix}/error.log`, "utf8") : "";
      await stop();
      throw new Error(`nginx did not start: ${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const lines = (file: string) => () => (existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean) : []);
  return { prefix, ...ports, accessLog: lines(`${prefix}/access.log`), upstreamLog: lines(`${prefix}/upstream-access.log`), stop };
}
