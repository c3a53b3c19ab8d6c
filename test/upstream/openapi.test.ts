// The published OpenAPI document: version 3.1, every call of the contract with its request body and its
// success and error responses, and only references that resolve.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import { callPath, calls } from "../../shared/contract/index.ts";
import { startTestUpstream, type TestUpstream } from "./helpers.ts";
import { provider } from "./content-helpers.ts";

let upstream: TestUpstream;
// biome-ignore lint/suspicious/noExplicitAny: the published OpenAPI document, walked freely; the schema validator checks its shape.
let document: any;
beforeAll(async () => {
  upstream = await startTestUpstream();
  const response = await upstream.get("/openapi.json");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  document = response.json;
});
afterAll(() => upstream.cleanup());

describe("GET /openapi.json", () => {
  it("is an OpenAPI 3.1 document", () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.title).toBeTruthy();
    expect(document.info.version).toBeTruthy();
    expect(document.jsonSchemaDialect).toBe("https://json-schema.org/draft/2020-12/schema");
  });

  it("passes a validator of the OpenAPI 3.1 specification's own schema", async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("lists every call with its body and responses", () => {
    const operationIds = new Set<string>();
    for (const call of calls) {
      const operation = document.paths[callPath(call, provider)]?.[call.method.toLowerCase()];
      expect(operation, call.name).toBeDefined();
      expect(operationIds.has(operation.operationId)).toBe(false);
      operationIds.add(operation.operationId);
      expect(operation.operationId).toBe(call.name);
      if (call.method === "POST") {
        const schema = operation.requestBody.content["application/json"].schema;
        expect(schema.type).toBe("object");
        expect(schema.additionalProperties).toBe(false);
        expect(schema.properties.language.enum).toEqual(["zh", "en"]);
      }
      const success = operation.responses["200"].content["application/json"].schema;
      expect(success.properties.data, call.name).toBeDefined();
      expect(success.required).toEqual(expect.arrayContaining(["success", "code", "message", "data"]));
      expect(operation.responses["4XX"].content["application/json"].schema.$ref).toBe("#/components/schemas/ErrorEnvelope");
      expect(operation.responses["5XX"]).toBeDefined();
      if (call.auth) expect(operation.security).toEqual([{ sessionCookie: [] }]);
    }
    expect(document.paths["/front/attach/download/{id}"].get.responses["200"].content["application/pdf"]).toBeDefined();
  });

  it("has only references that resolve within the document", () => {
    const text = JSON.stringify(document);
    for (const [, ref] of text.matchAll(/"\$ref":"([^"]+)"/g)) {
      expect(ref).toMatch(/^#\//);
      const target = ref!
        .slice(2)
        .split("/")
        .reduce((node: Record<string, unknown> | undefined, key) => node?.[key] as Record<string, unknown> | undefined, document);
      expect(target, ref).toBeDefined();
    }
    expect(document.components.schemas.ErrorEnvelope.properties.code.type).toBe("string");
  });
});
