// Job positions (SPEC §3): list with type, location and department filters, and one position.
import { z } from "zod";
import { defineCall } from "./define.ts";
import { paged, pagingInput } from "./envelope.ts";

export const jobTypes = ["experienced", "campus", "intern"] as const;
export type JobType = (typeof jobTypes)[number];

const jobListItem = z.object({
  id: z.number().int(),
  type: z.enum(jobTypes),
  title: z.string(),
  location: z.string(),
  department: z.string(),
  headcount: z.number().int().positive(),
  /** YYYY-MM-DD */
  date: z.string(),
  /** YYYY-MM-DD, the last day applications are taken (China time); null while the position is open until filled. */
  closingDate: z.string().nullable(),
});
export type JobListItem = z.infer<typeof jobListItem>;

const jobDetail = jobListItem.extend({
  description: z.string(),
  duties: z.array(z.string()),
  requirements: z.array(z.string()),
  /** Resumes are sent by e-mail (SPEC §3). */
  email: z.string(),
  /** True once the closing date has passed: the page stays, but says so and takes no applications. */
  closed: z.boolean(),
});
export type JobDetail = z.infer<typeof jobDetail>;

const filterValue = z.object({ value: z.string(), count: z.number().int().nonnegative() });

export const queryRecruitmentByPage = defineCall({
  name: "queryRecruitmentByPage",
  path: "/open/proxy/{provider}/basic/recruit/queryRecruitmentByPage",
  summary: "Open job positions by page, newest first (closed ones are left out, filters included); filters type, location, department (values as listed in filters).",
  body: z.strictObject({
    type: z.enum(jobTypes).optional(),
    location: z.string().trim().min(1).max(50).optional(),
    department: z.string().trim().min(1).max(50).optional(),
    keyword: z.string().trim().max(100).optional(),
    ...pagingInput.shape,
  }),
  data: paged(jobListItem).extend({
    /** Every value each filter can take, in the request's language, with the number of positions. */
    filters: z.object({
      types: z.array(filterValue.extend({ value: z.enum(jobTypes) })),
      locations: z.array(filterValue),
      departments: z.array(filterValue),
    }),
  }),
});
export type JobPage = z.infer<typeof queryRecruitmentByPage.data>;

export const queryRecruitmentById = defineCall({
  name: "queryRecruitmentById",
  path: "/front/queryRecruitmentById",
  summary: "One job position with description, duties and requirements, open or closed.",
  body: z.strictObject({ id: z.number().int().positive() }),
  data: jobDetail,
});
