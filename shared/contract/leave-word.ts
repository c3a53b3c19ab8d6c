// The contact form ("leave word"): name, phone or e-mail, company, content.
import { z } from "zod";
import { defineCall } from "./define.ts";
import { formLimits } from "./forms.ts";

const leaveWordInput = z.strictObject({
  name: z.string().trim().max(formLimits.name),
  /** At least one of phone and email. */
  phone: z.string().trim().max(formLimits.phone).optional(),
  email: z.string().trim().max(formLimits.email).optional(),
  company: z.string().trim().max(formLimits.company).optional(),
  content: z.string().trim().max(formLimits.content),
});
export type LeaveWordInput = z.input<typeof leaveWordInput>;

export const addLeaveWord = defineCall({
  name: "addLeaveWord",
  path: "/front/addLeaveWord",
  summary: "Stores a message from the contact form (name, phone or email, company, content).",
  body: leaveWordInput,
  data: z.object({ id: z.number().int() }),
});
