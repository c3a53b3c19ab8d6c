// The visitor's own data (PIPL, GDPR): the saved applicant details (change, delete), a download of
// everything the site keeps about the account, and deleting the account (sessions ended, personal data
// deleted, orders kept for staff only as anonymised records).
import { z } from "zod";
import { defineCall } from "./define.ts";
import { applicant, applicantInput, sampleListData, sampleOrderDetail } from "./account.ts";
import { addressBook } from "./addresses.ts";

const base = "/proxy/{provider}/basic/userData";

export const saveApplicantProfile = defineCall({
  name: "saveApplicantProfile",
  path: `${base}/saveApplicantProfile`,
  summary: "Saves the applicant details the sample form is prefilled with (each field checked like the form's).",
  auth: true,
  body: applicantInput,
  data: applicant,
});

export const removeApplicantProfile = defineCall({
  name: "removeApplicantProfile",
  path: `${base}/removeApplicantProfile`,
  summary: "Deletes the saved applicant details: the sample form is no longer prefilled (orders keep their own copy).",
  auth: true,
  data: z.null(),
});

const downloadFormEntry = z.object({
  documentId: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  company: z.string(),
  position: z.string(),
  productDemand: z.string(),
  /** ISO 8601 */
  submittedAt: z.string(),
  /** What was agreed and to which policy version, when recorded (null for entries from before consent was kept). */
  consent: z.object({ text: z.string(), policyVersion: z.string(), agreedAt: z.string() }).nullable(),
});

const contactMessageEntry = z.object({
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  content: z.string(),
  /** ISO 8601 */
  submittedAt: z.string(),
});

/** A watch list in the export: the mailbox, its language and the parts it watches. */
const watchExport = z
  .object({
    email: z.string(),
    language: z.enum(["zh", "en"]),
    parts: z.array(z.object({ id: z.number().int(), partNumber: z.string(), since: z.string() })),
  })
  .nullable();

export const myDataExport = z.object({
  /** ISO 8601 */
  exportedAt: z.string(),
  account: z.object({ userId: z.number().int(), phone: z.string().nullable(), email: z.string().nullable(), createdAt: z.string() }),
  applicant: applicant.nullable(),
  addresses: addressBook,
  sampleList: sampleListData,
  orders: z.array(sampleOrderDetail),
  /**
   * Document download requests and contact messages sent while signed in to this account: exactly those that
   * deleting the account erases. A form sent without a session is nobody's account's, whatever phone or
   * e-mail it names (anyone can type anyone's).
   */
  downloadForms: z.array(downloadFormEntry),
  contactMessages: z.array(contactMessageEntry),
  /** The parts the account watches for change notices, and the mailbox and language they are sent to
   * (docs/decisions/034-part-watches-and-notice-mail.md); null when it never watched one. */
  watches: watchExport,
  /** The confirmed subscription by e-mail (without signing in) of the address the account signs in with; null
   * when there is none. Deleting the account deletes it too. */
  emailSubscription: watchExport,
});
export type MyDataExport = z.infer<typeof myDataExport>;

export const exportMyData = defineCall({
  name: "exportMyData",
  path: `${base}/exportMyData`,
  summary:
    "Everything kept about the signed-in account: account, applicant details, addresses, sample list, orders with their records, download-form entries and contact messages sent while signed in. GET downloadMyData answers the same as a JSON file.",
  auth: true,
  data: myDataExport,
});

/** The same export as a file (GET, session cookie, `?language=`): what the account page's download link
 * opens, so like the documents' file path it names no provider. */
export const downloadMyDataPath = "/front/userData/downloadMyData";

export const deleteMyAccount = defineCall({
  name: "deleteMyAccount",
  path: `${base}/deleteMyAccount`,
  summary: "Deletes the account: every session ends, personal data is deleted, orders stay for staff as anonymised records. confirm must be true.",
  auth: true,
  body: z.strictObject({ confirm: z.literal(true) }),
  data: z.null(),
});
