// Part watches for change notices (docs/decisions/034-part-watches-and-notice-mail.md): the signed-in
// visitor's list, adding parts (single, a family's, a BOM's, resolved to our part numbers by the caller),
// removing one, and the one-click unsubscribe by a signed token, which needs no session.
import { z } from "zod";
import { defineCall } from "./define.ts";

/** At most this many parts per mailbox; a larger batch is refused whole with the limit named. */
export const watchPartLimit = 500;

const watchBase = "/proxy/{provider}/notices/watch";
const watchedPart = z.object({ id: z.number().int(), partNumber: z.string(), since: z.string() });
const watchList = z.object({ email: z.string().nullable(), limit: z.number().int(), parts: z.array(watchedPart) });

export const queryPartWatches = defineCall({
  name: "queryPartWatches",
  path: `${watchBase}/queryPartWatches`,
  summary: "The signed-in account's watched parts and the mailbox notices go to.",
  auth: true,
  data: watchList,
});

export const addPartWatches = defineCall({
  name: "addPartWatches",
  path: `${watchBase}/addPartWatches`,
  summary: `Watches parts by part number (an unknown one answers E40034001 naming it; past ${watchPartLimit} parts E40034002). The e-mails are in the request's language.`,
  auth: true,
  body: z.strictObject({ partNumbers: z.array(z.string().trim().min(1).max(64)).min(1).max(watchPartLimit) }),
  data: watchList,
});

export const removePartWatch = defineCall({
  name: "removePartWatch",
  path: `${watchBase}/removePartWatch`,
  summary: "Stops watching one part.",
  auth: true,
  body: z.strictObject({ partNumber: z.string().trim().min(1).max(64) }),
  data: watchList,
});

export const unsubscribeWatches = defineCall({
  name: "unsubscribeWatches",
  path: `${watchBase}/unsubscribeWatches`,
  summary: "The one-click unsubscribe of a notice e-mail's signed link: every watch of its mailbox ends; a forged token answers E40034003, a replayed one already: true.",
  auth: false,
  body: z.strictObject({ token: z.string().max(200) }),
  data: z.object({ already: z.boolean() }),
});
