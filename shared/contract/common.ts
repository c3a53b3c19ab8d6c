// Fields every request body carries (SPEC §7): the page client adds them to each call.
import { z } from "zod";
import { languages } from "../languages.ts";
import { sitePageDataTypes } from "./page-data-types.ts";

export const commonInput = z.object({
  language: z.enum(languages),
  sitePageDataType: z.union([z.literal(sitePageDataTypes.published), z.literal(sitePageDataTypes.draft)]).default(sitePageDataTypes.published),
  websiteCode: z.string().min(1).max(64),
});

/** A site path or an absolute http(s) URL, as content links are stored. */
export const linkString = z.string().max(2048);
