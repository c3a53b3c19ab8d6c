// A stream destination that passes every chunk on to the response at once (streaming and compression's
// flush keep working) and also keeps a copy, so a finished anonymous page can be stored in the page cache.
import { Writable } from "node:stream";
import type { Response } from "express";

export class CapturingWriter extends Writable {
  private readonly chunks: Buffer[] = [];
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
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    this.chunks.push(buffer);
    if (this.res.write(buffer)) callback();
    else this.res.once("drain", () => callback());
  }

  override _final(callback: (error?: Error | null) => void) {
    this.complete = true;
    this.res.end();
    callback();
  }

  /** React calls flush() after each batch when the destination has one: compression sends it on then. */
  flush() {
    (this.res as Response & { flush?: () => void }).flush?.();
  }

  /** The whole document (UTF-8 bytes), once React ended the stream without being cut off; else null. */
  body(): Buffer | null {
    return this.complete && !this.cut ? Buffer.concat(this.chunks) : null;
  }
}
