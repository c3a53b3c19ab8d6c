// A raw HTTP/1.1 client on node:net for the hostile-client tests: it sends exactly the bytes it is given
// (truncated bodies, bad chunking, NUL bytes, huge headers) that fetch and supertest refuse to send, and
// reports the answer and how the server closed the connection. Loopback only; every wait is bounded.
import { connect } from "node:net";

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** "end": the server closed with a FIN; "reset": with an error (RST); "open": it kept the connection. */
  closed: "end" | "reset" | "open";
}

export interface RawOptions {
  /** Body bytes, written after the head (in pieces, if an array). */
  body?: Buffer | string | (Buffer | string)[];
  /** Close our sending side after the body (a truncated body then ends for the server). */
  halfClose?: boolean;
  timeoutMs?: number;
}

function parseHead(text: string): { status: number; headers: Record<string, string> } {
  const [statusLine, ...lines] = text.split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? "")?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status, headers };
}

/** The answer's body once complete (content-length or chunked), else null. Interim 1xx answers are skipped. */
function complete(buffer: Buffer, method: string): { status: number; headers: Record<string, string>; body: Buffer } | null {
  let offset = 0;
  for (;;) {
    const end = buffer.indexOf("\r\n\r\n", offset);
    if (end < 0) return null;
    const head = parseHead(buffer.subarray(offset, end).toString("latin1"));
    const start = end + 4;
    if (head.status >= 100 && head.status < 200) {
      offset = start;
      continue;
    }
    const rest = buffer.subarray(start);
    if (method === "HEAD" || head.status === 204 || head.status === 304) return { ...head, body: Buffer.alloc(0) };
    if (head.headers["content-length"] !== undefined) {
      const length = Number(head.headers["content-length"]);
      return rest.length >= length ? { ...head, body: rest.subarray(0, length) } : null;
    }
    if (/chunked/i.test(head.headers["transfer-encoding"] ?? "")) {
      if (!rest.includes("0\r\n\r\n")) return null;
      const chunks: Buffer[] = [];
      let at = 0;
      for (;;) {
        const lineEnd = rest.indexOf("\r\n", at);
        if (lineEnd < 0) return null;
        const size = parseInt(rest.subarray(at, lineEnd).toString("latin1"), 16);
        if (!Number.isFinite(size)) return null;
        if (size === 0) return { ...head, body: Buffer.concat(chunks) };
        if (rest.length < lineEnd + 2 + size + 2) return null;
        chunks.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
    }
    // Neither: the body runs to the close.
    return null;
  }
}

/** Sends `head` (request line and headers, CRLF-separated, without the blank line) and the body. */
export function rawRequest(port: number, head: string, options: RawOptions = {}): Promise<RawResponse> {
  const method = head.split(" ", 1)[0]!;
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port });
    const received: Buffer[] = [];
    let settled = false;
    const settle = (closed: RawResponse["closed"]) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const buffer = Buffer.concat(received);
      const answer = complete(buffer, method);
      const end = buffer.indexOf("\r\n\r\n");
      if (answer) resolve({ ...answer, closed });
      else if (end >= 0) resolve({ ...parseHead(buffer.subarray(0, end).toString("latin1")), body: buffer.subarray(end + 4), closed });
      else reject(new Error(`no answer (${closed}) to ${head.split("\r\n", 1)[0]!.slice(0, 80)}`));
    };
    const timer = setTimeout(() => settle("open"), options.timeoutMs ?? 8_000);
    socket.on("data", (chunk) => {
      received.push(chunk);
      const answer = complete(Buffer.concat(received), method);
      // A kept-alive connection: the answer is whole, nothing more will come.
      if (answer && !/close/i.test(answer.headers.connection ?? "")) settle("open");
    });
    socket.on("end", () => settle("end"));
    socket.on("error", () => settle("reset"));
    socket.on("close", () => settle("end"));
    socket.on("connect", () => {
      const pieces = options.body === undefined ? [] : Array.isArray(options.body) ? options.body : [options.body];
      socket.write(`${head}\r\n\r\n`, "latin1");
      for (const piece of pieces) {
        // The server may already have answered and closed; a write after that is not the test's failure.
        if (!socket.destroyed) socket.write(piece);
      }
      if (options.halfClose && !socket.destroyed) socket.end();
    });
  });
}

/** `payload` as a chunked body (chunks of at most 16 KB, then the last chunk). */
export function chunked(payload: Buffer | string): Buffer {
  const bytes = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
  const parts: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 16 * 1024) {
    const piece = bytes.subarray(at, at + 16 * 1024);
    parts.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from("0\r\n\r\n"));
  return Buffer.concat(parts);
}
