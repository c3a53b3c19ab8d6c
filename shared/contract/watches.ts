// Part watches for change notices (docs/decisions/034-part-watches-and-notice-mail.md): the signed-in
// visitor's list, adding parts (single, a family's, a BOM's, resolved to our part numbers by the caller),
// removing one, and the one-click unsubscribe by a signed token, which needs no session.
import { z } from "zod";
import { textInput } from "./common.ts";
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

/** A subscription request by e-mail is good for this long: its confirmation link expires then (E40034006). */
export const emailWatchConfirmHours = 48;

const token = z.string().max(200);

export const requestEmailWatch = defineCall({
  name: "requestEmailWatch",
  path: `${watchBase}/requestEmailWatch`,
  summary: `Subscribes an e-mail address without an account, double opt-in: nothing is watched until the address's owner follows the confirmation link mailed to it (good for ${emailWatchConfirmHours} hours). The answer is the same whether or not the address already watches; limited per address (E42934001) and per client (E42900001).`,
  auth: false,
  body: z.strictObject({
    email: z.string().trim().min(1).max(254),
    partNumbers: z.array(z.string().trim().min(1).max(64)).min(1).max(watchPartLimit),
  }),
  data: z.object({ expiresInHours: z.number().int() }),
});

export const confirmEmailWatch = defineCall({
  name: "confirmEmailWatch",
  path: `${watchBase}/confirmEmailWatch`,
  summary:
    "Follows a confirmation link: with check, only says what it would watch; without, watches the parts and answers the mailbox's manage token. A forged link answers E40034005, an expired one E40034006, a used one E40034007.",
  auth: false,
  body: z.strictObject({ token, check: z.boolean().optional() }),
  data: z.object({ email: z.string(), parts: z.array(z.string()), manageToken: z.string().nullable() }),
});

export const queryEmailWatches = defineCall({
  name: "queryEmailWatches",
  path: `${watchBase}/queryEmailWatches`,
  summary: "The parts a mailbox watches, by the signed link of its e-mails (no session); a forged one answers E40034003.",
  auth: false,
  body: z.strictObject({ token }),
  data: watchList,
});

export const removeEmailWatch = defineCall({
  name: "removeEmailWatch",
  path: `${watchBase}/removeEmailWatch`,
  summary: "Stops watching one part, by the signed link of the mailbox's e-mails (no session).",
  auth: false,
  body: z.strictObject({ token, partNumber: z.string().trim().min(1).max(64) }),
  data: watchList,
});

export const addWatchesFrom = defineCall({
  name: "addWatchesFrom",
  path: `${watchBase}/addWatchesFrom`,
  summary: `Watches the parts of a pasted bill of materials (our part numbers, and competitors' mapped to our best cross-reference candidate; the lines found neither way are listed, not refused), of the account's sample list, or of a product family (an unknown one answers E40034008). Past ${watchPartLimit} parts per mailbox E40034002, the whole batch refused.`,
  auth: true,
  body: z.strictObject({
    // Lines are echoed back when not found: no hidden control or bidi characters (E40000004).
    lines: z
      .array(textInput(64, { trim: true }))
      .min(1)
      .max(watchPartLimit)
      .optional(),
    sampleList: z.literal(true).optional(),
    family: z.number().int().positive().optional(),
  }),
  data: watchList.extend({
    added: z.number().int(),
    /** Competitors' part numbers of the BOM and the part of ours each now watches. */
    mapped: z.array(z.object({ line: z.string(), partNumber: z.string() })),
    /** Lines that are neither our part nor a competitor's part with a candidate of ours. */
    notFound: z.array(z.string()),
  }),
});
