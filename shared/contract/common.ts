// Fields every request body carries (SPEC §7): the page client adds them to each call.
import { z } from "zod";
import { languages } from "../languages.ts";

export const sitePageDataTypes = { published: 1, draft: 2 } as const;

export const commonInput = z.object({
  language: z.enum(languages),
  sitePageDataType: z.union([z.literal(1), z.literal(2)]).default(1),
  websiteCode: z.string().min(1).max(64),
});

/** A site path or an absolute http(s) URL, as content links are stored. */
export const linkString = z.string().max(2048);
