// A local SMTP sink (smtp-server on an ephemeral loopback port): tests receive the real e-mail the
// product sends, raw, with its envelope recipients.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface SmtpSinkOptions {
  /** While this answers true, every message is refused with a temporary failure (451), as by a server in trouble. */
  refuse?: () => boolean;
  /** While this answers true, a message is taken (onMail hears of it) but never answered, as by a server
   * that stalls after DATA: the sender cannot know whether it was delivered. */
  holdReply?: () => boolean;
  /** How long to wait before answering a message it took (a slow server): 0 or unset answers at once. */
  replyDelayMs?: () => number;
}

export async function startSmtpSink(onMail: (mail: ReceivedMail) => void, options: SmtpSinkOptions = {}): Promise<{ port: number; close: () => Promise<void> }> {
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (options.refuse?.()) {
          const error = Object.assign(new Error("Mailbox temporarily unavailable, try again later"), { responseCode: 451 });
          return callback(error);
        }
        onMail({ to: session.envelope.rcptTo.map((recipient) => recipient.address), raw: Buffer.concat(chunks).toString("utf8") });
        if (options.holdReply?.()) return;
        const delay = options.replyDelayMs?.() ?? 0;
        if (delay > 0) setTimeout(() => callback(), delay);
        else callback();
      });
    },
  });
  // A sender that dies mid-message (an upstream host a test kills with SIGKILL) resets its connection, which
  // smtp-server reports as the server's 'error' event once the transaction began; with no listener it would throw out
  // of the test run. That message was never answered, so its sender never counted it sent: nothing is lost by
  // ignoring the reset. Any other error still throws.
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "ECONNRESET" || error.code === "EPIPE") return;
    throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
