// The bridge from React's Node stream to the Response's web stream.
import { Writable } from "node:stream";
import type { PipeableStream } from "react-dom/server";

/**
 * React's output as a web stream, one chunk per batch: React writes a page in small pieces and calls flush()
 * after each batch (the shell, then each boundary that resolves), so a chunk is what should reach the visitor
 * at once (the adapter flushes compression after each). Cancelling the body aborts the render.
 */
export function documentBody(stream: PipeableStream, done: () => void): ReadableStream<Uint8Array> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let pending: Buffer[] = [];
  let open = true;
  const send = () => {
    if (!pending.length || !open) return;
    controller.enqueue(pending.length === 1 ? pending[0]! : Buffer.concat(pending));
    pending = [];
  };
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      // React reuses nothing it has written (each piece is a fresh view), so keeping it until the flush is safe.
      pending.push(chunk);
      callback();
    },
    final(callback) {
      send();
      done();
      if (open) controller.close();
      open = false;
      callback();
    },
    destroy(error, callback) {
      done();
      if (open && error) controller.error(error);
      open = false;
      callback(error);
    },
  });
  Object.assign(sink, { flush: send });
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      open = false;
      // Aborted first, so what the abort reports (React's unfinished boundaries) is in before `done`.
      stream.abort();
      done();
    },
  });
  stream.pipe(sink);
  return body;
}
