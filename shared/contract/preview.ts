// Preview tokens revoked before they expire: the site asks the upstream, which keeps the revocation list.
import { z } from "zod";
import { defineCall } from "./define.ts";

export const queryPreviewRevoked = defineCall({
  name: "queryPreviewRevoked",
  path: "/open/preview/queryPreviewRevoked",
  summary:
    "Whether staff revoked the preview token whose id (SHA-256 of the token, hex; shared/http/preview-token.ts) is given. The site asks before honouring a token or its cookie.",
  body: z.strictObject({ tokenId: z.string().regex(/^[0-9a-f]{64}$/, "a SHA-256 in hex") }),
  data: z.object({ revoked: z.boolean() }),
});
