// Fields every request body carries (SPEC §7): the page client adds them to each call.
import { z } from "zod";
import { languages } from "../languages.ts";
import { sitePageDataTypes } from "./page-data-types.ts";

export const commonInput = z.object({
  language: z.enum(languages),
  sitePageDataType: z.union([z.literal(sitePageDataTypes.published), z.literal(sitePageDataTypes.draft)]).default(sitePageDataTypes.published),
  websiteCode: z.string().min(1).max(64),
});

/**
 * C1 controls (U+0080–U+009F: U+009B is a terminal's CSI, as ESC [ is) and the bidi embeddings, overrides and
 * isolates (U+202A–U+202E, U+2066–U+2069: "Trojan Source", text that reads otherwise than it is stored). No
 * name, address or message needs them; they are refused wherever text is stored, as C0 controls are. The one
 * place of this rule: the contract (loaded with a form, not with the page), the staff moves and the CLI.
 */
const hiddenCharacters = /[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/;

/** Whether text carries a C1 control or a bidi override or isolate. */
export function hasHiddenCharacters(text: string): boolean {
  return hiddenCharacters.test(text);
}

/**
 * A text field of a request that is stored (a name, an address line, a message): at most `max` characters
 * and no C1 control or bidi override, refused with E40000004 in the request's language whatever the
 * field's own rules say.
 */
export function textInput(max: number, options: { trim?: boolean } = {}) {
  return (options.trim ? z.string().trim() : z.string()).max(max).refine((value) => !hasHiddenCharacters(value), { message: hiddenCharactersCode });
}

/** The error code a textInput's refusal carries as its message (the upstream answers it as that code). */
export const hiddenCharactersCode = "E40000004";

/** A site path or an absolute http(s) URL, as content links are stored. */
export const linkString = z.string().max(2048);
