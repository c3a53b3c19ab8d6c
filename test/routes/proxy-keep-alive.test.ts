// Kept-alive sockets between the site's /api proxy and the upstream: the upstream keeps an idle socket open
// longer than the proxy's agent does, so the proxy never reuses one the upstream is closing (with Node's
// defaults both sides said 5 s: one call in about 11,000 answered 502 "socket hang up"); and a read the
// upstream reset on a kept socket before answering is sent once more, while a write is not.
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import { createTestApp, startSite } from "../helpers/site.ts";
import { upstreamClientIdleMs, upstreamKeepAliveMs } from "../../shared/http/upstream-keep-alive.ts";
import { upstreamAgent } from "../../server/api/proxy.ts";

const body = { language: "en", websiteCode: "qingyun" };
const isLoginPath = "/api/open/user/auth/isLogin";

describe("idle sockets between the proxy and the embedded upstream", () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  const connections: Socket[] = [];
  beforeAll(async () => {
    site = await startSite();
    site.upstream.server.on("connection", (socket: Socket) => connections.push(socket));
  });
  afterAll(() => site.close());

  it("are kept by the upstream much longer than the proxy keeps them", () => {
    expect(upstreamKeepAliveMs).toBeGreaterThanOrEqual(upstreamClientIdleMs * 2);
    expect(site.upstream.server.keepAliveTimeout).toBe(upstreamKeepAliveMs);
  });

  it("stay open past Node's default 5 s: the next call goes out on the same socket and is answered", async () => {
    const first = await request(site.app).post(isLoginPath).send(body);
    expect(first.status).toBe(200);
    expect(connections).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(connections[0]!.destroyed).toBe(false);
    const second = await request(site.app).post(isLoginPath).send(body);
    expect(second.status).toBe(200);
    expect(connections).toHaveLength(1);
  }, 15_000);

  it("are closed by the proxy's agent once idle for its timeout", async () => {
    const agent = upstreamAgent(site.upstream.url, 200);
    const ask = () =>
      new Promise<void>((resolve, reject) => {
        const call = httpRequest(`${site.upstream.url}/open/user/auth/isLogin`, { method: "POST", agent, headers: { "content-type": "application/json" } }, (answer) => {
          answer.resume();
          answer.on("end", resolve);
        });
        call.on("error", reject);
        call.end(JSON.stringify(body));
      });
    const before = connections.length;
    await ask();
    expect(Object.values(agent.freeSockets).flat()).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(Object.values(agent.freeSockets).flat()).toHaveLength(0);
    await ask();
    expect(connections.length).toBe(before + 2);
    agent.destroy();
  });
});

describe("a socket the upstream resets before answering", () => {
  let upstream: Server;
  let target = "";
  let opened = 0;
  let resets = 0;
  const requestsOn = new WeakMap<Socket, number>();
  beforeAll(async () => {
    // An upstream that answers the first request of every connection and resets the connection on the next,
    // unanswered: what the proxy meets when it reuses a socket the upstream is closing at that moment.
    upstream = createServer((req, res) => {
      const count = (requestsOn.get(req.socket) ?? 0) + 1;
      requestsOn.set(req.socket, count);
      if (count > 1) {
        resets++;
        return req.socket.resetAndDestroy();
      }
      req.resume();
      req.on("end", () => res.setHeader("content-type", "application/json").end(JSON.stringify({ success: true, code: "0", message: "ok", data: null })));
    });
    upstream.keepAliveTimeout = 60_000;
    upstream.on("connection", () => opened++);
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    target = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        upstream.close(() => resolve());
        upstream.closeAllConnections();
      }),
  );

  it("is sent again on a new socket for a read, once", async () => {
    const app = await createTestApp({ UPSTREAM_URL: target });
    expect((await request(app).post(isLoginPath).send(body)).status).toBe(200);
    const [openedBefore, resetsBefore] = [opened, resets];
    // A visitor's "Connection: close" is their hop's business: the proxy's socket stays open for reuse.
    const again = await request(app).post(isLoginPath).set("Connection", "close").send(body);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ success: true });
    // The kept socket was reset, and the read went out again on one new socket.
    expect(resets).toBe(resetsBefore + 1);
    expect(opened).toBe(openedBefore + 1);
  });

  it("answers 502 for a write, which may have reached the upstream", async () => {
    const app = await createTestApp({ UPSTREAM_URL: target });
    expect((await request(app).post(isLoginPath).send(body)).status).toBe(200);
    const write = await request(app)
      .post("/api/proxy/qingyun/basic/sampleOrder/addSampleProduct")
      .send({ ...body, siteListId: 1 });
    expect(write.status).toBe(502);
    expect(write.body.code).toBe("E50200001");
  });
});
