// Sign-in by SMS or e-mail code, sign-out, and the sample list and sample orders of a signed-in user
// (SPEC §7). Text fields are only length-limited here; the upstream checks their meaning
// so each failure answers with its own SPEC §5 message.
import { z } from "zod";
import { textInput } from "./common.ts";
import { defineCall } from "./define.ts";
import { paged, pagingInput } from "./envelope.ts";
import { userInfo } from "./site.ts";
import { fieldLimits } from "../forms/validation.ts";
import { orderStatuses, orderStatusFilters } from "../samples/order-status.ts";
import { addressLines } from "./addresses.ts";
import { productLifecycle, unknownLifecycle } from "./lifecycle.ts";

/**
 * The stated sample rules, shown before submitting and enforced by the upstream: evaluation quantities only
 * (SPEC §1: samples are not for commercial use) — pieces per part, pieces per order, parts in a list, open
 * orders per account — and the review time the pages and the confirmation e-mail promise.
 */
export const sampleLimits = { maxItems: 20, maxQuantity: 10, maxOrderQuantity: 30, maxOpenOrders: 3, reviewWorkingDays: 2 } as const;

/** Code rules the client shows (countdown) and the upstream enforces. */
export const verifyCodeRules = {
  resendAfterSeconds: 60,
  expiresInSeconds: 300,
  maxAttempts: 5,
  perHour: 5,
  perDay: 10,
} as const;

// ---- Sign-in -------------------------------------------------------------------------------------

const phoneInput = z.string().max(fieldLimits.phoneInput);
const emailInput = z.string().max(fieldLimits.email);
/** Loose on purpose: a wrong format answers "please enter the correct verification code", not a generic 400. */
const codeInput = z.string().max(16);

const verifyCodeSent = z.object({
  /** Seconds before another code may be requested (the countdown of SPEC §4). */
  resendAfterSeconds: z.number().int().positive(),
  expiresInSeconds: z.number().int().positive(),
});

export const sendSmsVerifyCode = defineCall({
  name: "sendSmsVerifyCode",
  path: "/open/message/sendSmsVerifyCode",
  summary: "Sends a 6-digit sign-in code by SMS to a mainland mobile; the same answer whether or not an account exists.",
  body: z.strictObject({ phone: phoneInput }),
  data: verifyCodeSent,
});

export const sendVerifyCode = defineCall({
  name: "sendVerifyCode",
  path: "/open/message/sendVerifyCode",
  summary: "Sends a 6-digit sign-in code by e-mail; the same answer whether or not an account exists.",
  body: z.strictObject({ email: emailInput }),
  data: verifyCodeSent,
});

const smsSignInInput = z.strictObject({ phone: phoneInput, code: codeInput });

export const authAndRegisterBySms = defineCall({
  name: "authAndRegisterBySms",
  path: "/open/user/auth/authAndRegisterBySms",
  summary: "Signs in with a mobile number and its SMS code (an account is created on first sign-in); sets the session cookie.",
  body: smsSignInInput,
  data: userInfo,
});

const emailSignInInput = z.strictObject({ email: emailInput, code: codeInput });

export const authAndRegisterByEmail = defineCall({
  name: "authAndRegisterByEmail",
  path: "/open/user/auth/authAndRegisterByEmail",
  summary: "Signs in with an e-mail address and its code (an account is created on first sign-in); sets the session cookie.",
  body: emailSignInInput,
  data: userInfo,
});

export const loginOut = defineCall({
  name: "loginOut",
  method: "GET",
  path: "/open/front/loginOut",
  summary: "Signs out: revokes the session and clears its cookie; 401 E40021009 when the session is already gone.",
  data: z.null(),
});

// ---- Sample list ---------------------------------------------------------------------------------

const sampleBase = "/proxy/{provider}/basic/sampleOrder";
/** Ids in query strings arrive as text. */
const queryId = z.coerce.number<number | string>().int().positive().max(Number.MAX_SAFE_INTEGER);

const sampleListItem = z.object({
  /** The list entry's id (removeSampleProduct, modifySampleProduct). */
  ID: z.number().int(),
  /** The product's id in the product tree. */
  siteListId: z.number().int(),
  /** The part number. */
  siteListName: z.string(),
  productName: z.string(),
  familyId: z.number().int().nullable(),
  familyName: z.string(),
  seriesId: z.number().int().nullable(),
  seriesName: z.string(),
  quantity: z.number().int().min(1).max(sampleLimits.maxQuantity),
  /** False when the product has since been switched off or removed: it cannot be submitted. */
  available: z.boolean() /** The part's lifecycle now (its badge on the list; a last-time-buy or obsolete part is not available). */,
  lifecycle: productLifecycle.default(unknownLifecycle),
});
export type SampleListItem = z.infer<typeof sampleListItem>;

/** The whole current list, oldest entry first; every list call answers with it. */
export const sampleListData = z.array(sampleListItem);

export const addSampleProduct = defineCall({
  name: "addSampleProduct",
  path: `${sampleBase}/addSampleProduct`,
  summary:
    "Adds a product (status on) to the sample list with quantity 1; 409 when it is already there, when its lifecycle refuses samples (last-time buy, obsolete: the replacement named), or when it is not recommended for new designs and `confirmNrnd` is not true (the replacement named).",
  auth: true,
  body: z.strictObject({
    siteListId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    /** Adds a part not recommended for new designs, which without it is refused with its replacement (E40022021). */
    confirmNrnd: z.literal(true).optional(),
  }),
  data: sampleListData,
});

export const queryOrderList = defineCall({
  name: "queryOrderList",
  path: `${sampleBase}/queryOrderList`,
  summary: "The current sample list.",
  auth: true,
  data: sampleListData,
});

export const removeSampleProduct = defineCall({
  name: "removeSampleProduct",
  path: `${sampleBase}/removeSampleProduct`,
  summary: "Removes an entry (by its ID) from the sample list.",
  auth: true,
  query: z.strictObject({ ID: queryId }),
  data: sampleListData,
});

export const modifySampleProduct = defineCall({
  name: "modifySampleProduct",
  path: `${sampleBase}/modifySampleProduct`,
  summary: `Sets the quantity of an entry (1 to ${sampleLimits.maxQuantity}; more answers E40022017 naming the limit).`,
  auth: true,
  body: z.strictObject({
    ID: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    // Bounded loosely here so that a quantity above the rule gets the rule's own message, not a generic 400.
    quantity: z.number().int().min(1).max(1_000_000),
  }),
  data: sampleListData,
});

// ---- Applicant and orders ------------------------------------------------------------------------

export const applicantInput = z.strictObject({
  name: textInput(fieldLimits.name),
  phone: phoneInput,
  email: emailInput,
  companyName: textInput(fieldLimits.companyName),
  position: textInput(fieldLimits.position),
});

/** The applicant as stored: trimmed, phone normalised, e-mail lower-case. */
export const applicant = z.object({
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  companyName: z.string(),
  position: z.string(),
});
export type Applicant = z.infer<typeof applicant>;

const applicantPrefill = userInfo.extend({
  /** The applicant of the user's latest order, for pre-filling the form; null before the first order. */
  applicant: applicant.nullable(),
});
export type ApplicantPrefill = z.infer<typeof applicantPrefill>;

export const queryUserInfoById = defineCall({
  name: "queryUserInfoById",
  path: `${sampleBase}/queryUserInfoById`,
  summary: "The signed-in user and their last applicant info; only one's own userId (403 otherwise).",
  auth: true,
  query: z.strictObject({ userId: queryId }),
  data: applicantPrefill,
});

const sampleOrderInput = z.strictObject({
  applicant: applicantInput,
  sampleUse: textInput(fieldLimits.sampleUse),
  /** One of the user's shipping addresses; the order keeps a copy as it is now. */
  addressId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  /** The applicant confirms the stated rule: evaluation only, not commercial use (false: 400 E40022018). */
  evaluationOnly: z.boolean(),
});

/** "QY" + the submission day (China time) + "-" + that day's sequence: QY20261122-0001. */
export const orderNumberPattern = /^QY\d{8}-\d{4,6}$/;
const orderNumber = z.string().regex(orderNumberPattern, "an order number like QY20261122-0001");

const submittedOrder = z.object({
  orderNumber,
  status: z.literal("pending"),
  /** ISO 8601 */
  submittedAt: z.string(),
});
export type SubmittedOrder = z.infer<typeof submittedOrder>;

export const submitSampleOrder = defineCall({
  name: "submitSampleOrder",
  path: `${sampleBase}/submitSampleOrder`,
  summary: `Submits the current sample list with applicant info, sample use and one of the user's addresses (copied into the order); empties the list. Refused: an identical list while that order is open (409 E40022005, naming it), more than ${sampleLimits.maxOrderQuantity} pieces (400 E40022014), ${sampleLimits.maxOpenOrders} orders already open (409 E40022015).`,
  auth: true,
  body: sampleOrderInput,
  data: submittedOrder,
});

const sampleOrderItem = z.object({
  siteListId: z.number().int(),
  siteListName: z.string(),
  productName: z.string(),
  familyName: z.string(),
  seriesName: z.string(),
  quantity: z.number().int().positive(),
});

const sampleOrder = z.object({
  orderNumber,
  status: z.enum(orderStatuses),
  /** ISO 8601 */
  submittedAt: z.string(),
  updatedAt: z.string(),
  sampleUse: z.string(),
  applicant,
  items: z.array(sampleOrderItem),
  /** Set once the order has shipped. */
  shipping: z.object({ carrier: z.string(), trackingNumber: z.string() }).nullable(),
  /** The staff's reason when rejected. */
  rejectReason: z.string().nullable(),
  /** Where the samples go, as it was when submitted (null for orders from before addresses were asked). */
  shippingAddress: addressLines.nullable(),
});
export type SampleOrder = z.infer<typeof sampleOrder>;

export const querySampleOrderByPage = defineCall({
  name: "querySampleOrderByPage",
  path: `${sampleBase}/querySampleOrderByPage`,
  summary: "The user's sample orders, newest first, filtered by status ('all' = every order).",
  auth: true,
  body: z.strictObject({ status: z.enum(orderStatusFilters).default("all"), ...pagingInput.shape }),
  data: paged(sampleOrder),
});
export type SampleOrderPage = z.infer<typeof querySampleOrderByPage.data>;

const sampleOrderRecord = z.object({
  /** ISO 8601 */
  time: z.string(),
  status: z.enum(orderStatuses),
  note: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
});
export type SampleOrderRecord = z.infer<typeof sampleOrderRecord>;

export const sampleOrderDetail = z.object({
  order: sampleOrder,
  /** The status history, oldest first; the first record is the submission. */
  records: z.array(sampleOrderRecord),
});
export type SampleOrderDetail = z.infer<typeof sampleOrderDetail>;

export const querySampleOrderRecordList = defineCall({
  name: "querySampleOrderRecordList",
  path: `${sampleBase}/querySampleOrderRecordList`,
  summary: "One of the user's orders with its status history (time, status, note, carrier and tracking number).",
  auth: true,
  query: z.strictObject({ SampleOrderNo: orderNumber }),
  data: sampleOrderDetail,
});

const cancelSampleOrderInput = z.strictObject({
  SampleOrderNo: orderNumber,
  /** Optional: why the customer no longer needs the samples. */
  reason: textInput(fieldLimits.note).optional(),
});

export const cancelSampleOrder = defineCall({
  name: "cancelSampleOrder",
  path: `${sampleBase}/cancelSampleOrder`,
  summary: "Cancels one of the user's own orders while it is pending (409 E40022016 afterwards); the reason is optional and shows in the history.",
  auth: true,
  body: cancelSampleOrderInput,
  data: sampleOrderDetail,
});

export const querySampleOrderCounts = defineCall({
  name: "querySampleOrderCounts",
  path: `${sampleBase}/querySampleOrderCounts`,
  summary: "How many of the user's orders each status tab holds ('all' = every order), for the tabs' counts.",
  auth: true,
  data: z.record(z.enum(orderStatusFilters), z.number().int().nonnegative()),
});
export type SampleOrderCounts = z.infer<typeof querySampleOrderCounts.data>;

export const reorderSampleOrder = defineCall({
  name: "reorderSampleOrder",
  path: `${sampleBase}/reorderSampleOrder`,
  summary:
    "Order again: copies the parts and quantities of one of the user's orders into the sample list (parts already there, no longer offered, or beyond the list's size are left out); answers the list.",
  auth: true,
  body: z.strictObject({ SampleOrderNo: orderNumber }),
  data: sampleListData,
});
