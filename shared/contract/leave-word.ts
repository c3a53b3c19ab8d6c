// The contact form ("leave word"): name, phone or e-mail, company, content.
import { z } from "zod";
import { textInput } from "./common.ts";
import { defineCall } from "./define.ts";
import { formLimits } from "./forms.ts";

const leaveWordInput = z.strictObject({
  name: textInput(formLimits.name, { trim: true }),
  /** At least one of phone and email. */
  phone: z.string().trim().max(formLimits.phone).optional(),
  email: z.string().trim().max(formLimits.email).optional(),
  company: textInput(formLimits.company, { trim: true }).optional(),
  content: textInput(formLimits.content, { trim: true }),
});
export type LeaveWordInput = z.input<typeof leaveWordInput>;

export const addLeaveWord = defineCall({
  name: "addLeaveWord",
  path: "/front/addLeaveWord",
  summary: "Stores a message from the contact form (name, phone or email, company, content).",
  body: leaveWordInput,
  data: z.object({ id: z.number().int() }),
});
