// The test mailbox global-setup.ts writes (one file per e-mail, its first line `X-Envelope-To: <address>`): what
// the browser tests read from an e-mail (a code, a link), waiting for the outbox to send it.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { inject } from "vitest";

/** The first value `pick` finds in an e-mail (the whole file) to this address, the oldest or the newest first. */
export async function fromMailTo<T>(address: string, pick: (mail: string) => T | undefined, order: "oldest" | "newest" = "oldest"): Promise<T> {
  const mailbox = inject("mailbox");
  for (let tries = 0; tries < 150; tries++) {
    const files = readdirSync(mailbox).sort();
    for (const file of order === "newest" ? files.reverse() : files) {
      const mail = readFileSync(path.join(mailbox, file), "utf8");
      if (!mail.startsWith(`X-Envelope-To: ${address}`)) continue;
      const found = pick(mail);
      if (found !== undefined) return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No such e-mail to ${address}`);
}
