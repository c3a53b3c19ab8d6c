// How a call of SPEC §7 is described once and used by the upstream (routing, validation, OpenAPI)
// and by the page client (paths, response parsing).
import { z } from "zod";
import { commonInput } from "./common.ts";
import { envelope } from "./envelope.ts";

export interface CallDefinition<Body extends z.ZodObject = z.ZodObject, Query extends z.ZodObject = z.ZodObject, Data extends z.ZodType = z.ZodType> {
  /** Stable name, the last path segment of SPEC §7 (querySitePageData, addSampleProduct…). */
  name: string;
  method: "GET" | "POST";
  /** Upstream path; `{provider}` is replaced by the configured provider segment. */
  path: string;
  summary: string;
  /** Needs a signed-in session cookie (401 E40100001 otherwise). */
  auth: boolean;
  /** Call-specific body fields; the common fields (language, sitePageDataType, websiteCode) are added. */
  body: Body;
  query: Query;
  /** Schema of `data` in the success envelope. */
  data: Data;
  /** Extra top-level envelope fields (querySitePageData answers env and year beside data). */
  extra?: z.ZodRawShape;
}

const emptyObject = z.strictObject({});

export function defineCall<
  Body extends z.ZodObject = typeof emptyObject,
  Query extends z.ZodObject = typeof emptyObject,
  Data extends z.ZodType = z.ZodType,
>(definition: {
  name: string;
  method?: "GET" | "POST";
  path: string;
  summary: string;
  auth?: boolean;
  body?: Body;
  query?: Query;
  data: Data;
  extra?: z.ZodRawShape;
}): CallDefinition<Body, Query, Data> {
  return {
    method: "POST",
    auth: false,
    ...definition,
    body: (definition.body ?? emptyObject) as Body,
    query: (definition.query ?? emptyObject) as Query,
  };
}

/** The full body schema a call accepts: common fields + the call's own, unknown fields refused. */
export function requestBodySchema(call: CallDefinition) {
  return z.strictObject({ ...commonInput.shape, ...call.body.shape });
}

/** The full success response schema of a call. */
export function responseSchema(call: CallDefinition) {
  return envelope(call.data).extend(call.extra ?? {});
}

export { callPath } from "./call-path.ts";

export type CallBody<C extends CallDefinition> = z.input<C["body"]>;
export type CallQuery<C extends CallDefinition> = z.input<C["query"]>;
