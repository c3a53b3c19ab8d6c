// Fields every request body carries (SPEC §7): the page client adds them to each call.
import { z } from "zod";
import { languages } from "../languages.ts";
import { hasHiddenCharacters } from "../validation.ts";
import { sitePageDataTypes } from "./page-data-types.ts";

export const commonInput = z.object({
  language: z.enum(languages),
  sitePageDataType: z.union([z.literal(sitePageDataTypes.published), z.literal(sitePageDataTypes.draft)]).default(sitePageDataTypes.published),
  websiteCode: z.string().min(1).max(64),
});

/**
 * A text field of a request that is stored (a name, an address line, a message): at most `max` characters
 * and no C1 control or bidi override (shared/validation.ts), refused with E40000004 in the request's
 * language whatever the field's own rules say.
 */
export function textInput(max: number, options: { trim?: boolean } = {}) {
  return (options.trim ? z.string().trim() : z.string()).max(max).refine((value) => !hasHiddenCharacters(value), { message: hiddenCharactersCode });
}

/** The error code a textInput's refusal carries as its message (the upstream answers it as that code). */
export const hiddenCharactersCode = "E40000004";

/** A site path or an absolute http(s) URL, as content links are stored. */
export const linkString = z.string().max(2048);
