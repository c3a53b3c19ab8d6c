// What the contact form's action answers, and the form's place on the page: shared by the page and the form.
import type { LeaveWordErrors, LeaveWordValues } from "../../../shared/forms/leave-word-form.ts";

/** Where the form sits on the page; the no-JavaScript success redirect lands there. */
export const FORM_ANCHOR = "leave-word";

export type LeaveWordResult =
  | { status: "sent" }
  | { status: "invalid"; values: LeaveWordValues; errors: LeaveWordErrors }
  | { status: "refused"; values: LeaveWordValues; message: string };
