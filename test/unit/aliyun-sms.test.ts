// The Aliyun SMS signer against known signatures: the example of Aliyun's signature documentation and
// one computed by hand (Python hmac/base64, RFC 3986 quoting) for the request this site sends.
import { describe, expect, it } from "vitest";
import { aliyunPercentEncode, aliyunSendSmsUrl, signAliyunRpc } from "../../server/upstream/delivery/aliyun-sms.ts";

describe("aliyunPercentEncode", () => {
  it("leaves only unreserved characters and encodes space as %20", () => {
    expect(aliyunPercentEncode("AZaz09-_.~")).toBe("AZaz09-_.~");
    expect(aliyunPercentEncode("a b*c+d/e!f'g(h)i")).toBe("a%20b%2Ac%2Bd%2Fe%21f%27g%28h%29i");
    expect(aliyunPercentEncode('{"code":"1"}')).toBe("%7B%22code%22%3A%221%22%7D");
    expect(aliyunPercentEncode("青云")).toBe("%E9%9D%92%E4%BA%91");
  });
});

describe("signAliyunRpc", () => {
  it("reproduces the signature of Aliyun's documented SendSms example", () => {
    const { signature } = signAliyunRpc(
      {
        AccessKeyId: "testId",
        Action: "SendSms",
        Format: "XML",
        OutId: "123",
        PhoneNumbers: "15300000001",
        RegionId: "cn-hangzhou",
        SignName: "阿里云短信测试专用",
        SignatureMethod: "HMAC-SHA1",
        SignatureNonce: "45e25e9b-0a6f-4070-8c85-2956eda1b466",
        SignatureVersion: "1.0",
        TemplateCode: "SMS_71390007",
        TemplateParam: '{"customer":"test"}',
        Timestamp: "2017-07-12T02:42:19Z",
        Version: "2017-05-25",
      },
      "testSecret",
    );
    expect(signature).toBe("zJDF+Lrzhj/ThnlvIToysFRq6t4=");
  });

  it("sorts parameters whatever order they come in", () => {
    const a = signAliyunRpc({ B: "2", A: "1", a: "3" }, "s");
    expect(a.canonicalQuery).toBe("A=1&B=2&a=3");
    expect(signAliyunRpc({ a: "3", A: "1", B: "2" }, "s").signature).toBe(a.signature);
  });
});

describe("aliyunSendSmsUrl", () => {
  it("builds the signed GET URL with TemplateParam {code}", () => {
    const url = aliyunSendSmsUrl(
      {
        accessKeyId: "LTAI-test-id",
        accessKeySecret: "test-secret",
        signName: "青云功率",
        templateCode: "SMS_123456789",
        endpoint: "https://dysmsapi.aliyuncs.com/",
        regionId: "cn-hangzhou",
        now: () => Date.UTC(2026, 10, 22, 2, 0, 0, 345),
      },
      "13800138000",
      "042917",
      "8f2c8a52-5d4e-4f7e-9a5b-2f1c0e6d7a10",
    );
    expect(url).toBe(
      "https://dysmsapi.aliyuncs.com/?Signature=Y9l32TOajeoD3LqkjwrgrY0AVP4%3D&AccessKeyId=LTAI-test-id&Action=SendSms&Format=JSON" +
        "&PhoneNumbers=13800138000&RegionId=cn-hangzhou&SignName=%E9%9D%92%E4%BA%91%E5%8A%9F%E7%8E%87&SignatureMethod=HMAC-SHA1" +
        "&SignatureNonce=8f2c8a52-5d4e-4f7e-9a5b-2f1c0e6d7a10&SignatureVersion=1.0&TemplateCode=SMS_123456789" +
        "&TemplateParam=%7B%22code%22%3A%22042917%22%7D&Timestamp=2026-11-22T02%3A00%3A00Z&Version=2017-05-25",
    );
  });
});
