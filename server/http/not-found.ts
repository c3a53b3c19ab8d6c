// The plain-text 404 of a path that names no page (a missing asset or file, a CSV of nothing): a few bytes, no
// page render, the same answer from every handler that gives it.
import type { Response } from "express";

export function sendPlainNotFound(res: Response): void {
  res.status(404).type("text/plain").send("Not found");
}
