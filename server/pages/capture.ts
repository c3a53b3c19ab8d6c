// A stream destination that passes React's output on to the response batch by batch (streaming and
// compression's flush keep working) and also keeps a copy, so a finished anonymous page can be stored in
// the page cache. React writes a page in 4 KB pieces and calls flush() after each batch (the shell, then
// each boundary that resolves): one response write per batch, not one per piece, was 5 % of a render.
import { Writable } from "node:stream";
import type { Response } from "express";

export class CapturingWriter extends Writable {
  private readonly chunks: Buffer[] = [];
  /** Written by React since its last flush(). */
  private pending: Buffer[] = [];
  /** The response's buffer is full: React waits (its writes get no callback) until it drains. */
  private draining = false;
  private complete = false;
  private cut = false;

  // A plain field, not a parameter property: Node runs this file by stripping types, which cannot rewrite those.
  private readonly res: Response;

  constructor(res: Response) {
    super();
    this.res = res;
    // The visitor left: stop the render (React listens for close on its destination).
    res.on("close", () => {
      if (res.writableFinished) return;
      this.cut = true;
      this.destroy();
    });
  }

  override _write(chunk: Buffer | Uint8Array | string, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    // React reuses nothing it has written (each piece is a fresh view), so keeping it is safe.
    const buffer = Buffer.isBuffer(chunk) ? chunk : typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.chunks.push(buffer);
    this.pending.push(buffer);
    if (this.draining) this.res.once("drain", () => callback());
    else callback();
  }

  override _final(callback: (error?: Error | null) => void) {
    this.complete = true;
    this.send();
    this.res.end();
    callback();
  }

  /** React calls flush() after each batch when the destination has one: the batch goes out, then
   * compression's flush sends it on. */
  flush() {
    this.send();
    (this.res as Response & { flush?: () => void }).flush?.();
  }

  private send() {
    if (!this.pending.length || this.res.destroyed) return;
    const batch = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
    this.pending = [];
    if (!this.res.write(batch) && !this.draining) {
      this.draining = true;
      this.res.once("drain", () => (this.draining = false));
    }
  }

  /** The whole document (UTF-8 bytes), once React ended the stream without being cut off; else null. */
  body(): Buffer | null {
    return this.complete && !this.cut ? Buffer.concat(this.chunks) : null;
  }
}
