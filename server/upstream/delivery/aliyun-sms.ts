// Aliyun SMS (dysmsapi, API version 2017-05-25): the RPC-style SendSms call, signed with HMAC-SHA1 over
// the canonicalised query (signature version 1.0). Written against the HTTP API so no SDK is needed.
import { createHmac, randomUUID } from "node:crypto";
import type { CodeSender } from "./code-sender.ts";

/** RFC 3986 encoding as Aliyun specifies it: only A–Z a–z 0–9 - _ . ~ stay as they are, space is %20. */
export function aliyunPercentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The canonicalised query (parameters sorted by name, each encoded) and its signature. */
export function signAliyunRpc(
  params: Record<string, string>,
  accessKeySecret: string,
  method: "GET" | "POST" = "GET",
): { canonicalQuery: string; stringToSign: string; signature: string } {
  const canonicalQuery = Object.keys(params)
    // Sorted by code unit, which for these ASCII names is the byte order the algorithm asks for.
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((key) => `${aliyunPercentEncode(key)}=${aliyunPercentEncode(params[key]!)}`)
    .join("&");
  const stringToSign = `${method}&${aliyunPercentEncode("/")}&${aliyunPercentEncode(canonicalQuery)}`;
  const signature = createHmac("sha1", `${accessKeySecret}&`).update(stringToSign, "utf8").digest("base64");
  return { canonicalQuery, stringToSign, signature };
}

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** https://dysmsapi.aliyuncs.com/ (overridable for tests). */
  endpoint: string;
  regionId: string;
  now: () => number;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** The signed SendSms URL for one code; the template receives {"code":"…"}. */
export function aliyunSendSmsUrl(config: AliyunSmsConfig, phone: string, code: string, nonce: string = randomUUID()): string {
  const params: Record<string, string> = {
    AccessKeyId: config.accessKeyId,
    Action: "SendSms",
    Format: "JSON",
    PhoneNumbers: phone,
    RegionId: config.regionId,
    SignName: config.signName,
    SignatureMethod: "HMAC-SHA1",
    SignatureNonce: nonce,
    SignatureVersion: "1.0",
    TemplateCode: config.templateCode,
    TemplateParam: JSON.stringify({ code }),
    Timestamp: new Date(config.now()).toISOString().replace(/\.\d{3}Z$/, "Z"),
    Version: "2017-05-25",
  };
  const { canonicalQuery, signature } = signAliyunRpc(params, config.accessKeySecret);
  const base = config.endpoint.endsWith("/") ? config.endpoint : `${config.endpoint}/`;
  return `${base}?Signature=${aliyunPercentEncode(signature)}&${canonicalQuery}`;
}

export function createAliyunSmsSender(config: AliyunSmsConfig): CodeSender {
  const doFetch = config.fetch ?? globalThis.fetch;
  return {
    name: "aliyun",
    async send({ to, code }) {
      const response = await doFetch(aliyunSendSmsUrl(config, to, code), {
        method: "GET",
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
      });
      const body = (await response.json().catch(() => null)) as { Code?: string; Message?: string; RequestId?: string } | null;
      // The error names Aliyun's code and request id only: the URL (which holds the code) is never logged.
      if (!response.ok || body?.Code !== "OK") {
        throw new Error(
          `Aliyun SendSms failed: HTTP ${response.status}, Code ${body?.Code ?? "?"} (${body?.Message ?? "no message"}), RequestId ${body?.RequestId ?? "?"}`,
        );
      }
    },
  };
}
