// The OpenAPI 3.1 document of the upstream, generated from the contract's zod schemas (JSON Schema
// draft 2020-12, which OpenAPI 3.1 uses as its schema dialect), served at GET /openapi.json.
import type { Router } from "express";
import { z } from "zod";
import {
  attachDownloadPathPattern,
  modelFamilyPackPathPattern,
  modelFilePathPattern,
  modelPathSegments,
  tdbSchemaPath,
  callPath,
  downloadMyDataPath,
  myDataExport,
  calls,
  errorCodes,
  errorEnvelope,
  requestBodySchema,
  responseSchema,
  type CallDefinition,
} from "../../shared/contract/index.ts";
import { sessionCookie, sessionCookieName } from "../../shared/cookies.ts";

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  // "any" for what JSON Schema cannot say (transforms): the document must list every call regardless.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

/** One 4XX and one 5XX response, both the error envelope; the descriptions list the codes of the table. */
function errorResponses() {
  const codes = (low: number, high: number) =>
    Object.entries(errorCodes)
      .filter(([, definition]) => definition.status >= low && definition.status < high)
      .map(([code, definition]) => `${code} (${definition.status})`)
      .join(", ");
  const response = (description: string) => ({
    description,
    content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } } },
  });
  return { "4XX": response(`Client error envelope: ${codes(400, 500)}`), "5XX": response(`Server error envelope: ${codes(500, 600)}`) };
}

function operation(call: CallDefinition, errors: ReturnType<typeof errorResponses>) {
  const query = jsonSchema(call.query, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
  const parameters = Object.entries(query.properties ?? {}).map(([name, schema]) => ({
    name,
    in: "query",
    required: query.required?.includes(name) ?? false,
    schema,
  }));
  return {
    operationId: call.name,
    summary: call.summary,
    ...(call.auth ? { security: [{ sessionCookie: [] }] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(call.method === "POST" ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(requestBodySchema(call), "input") } } } } : {}),
    responses: {
      "200": { description: "Success envelope", content: { "application/json": { schema: jsonSchema(responseSchema(call), "output") } } },
      ...errors,
    },
  };
}

function buildOpenApiDocument(provider: string) {
  const errors = errorResponses();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const call of calls) {
    const path = callPath(call, provider);
    paths[path] = { ...paths[path], [call.method.toLowerCase()]: operation(call, errors) };
  }
  paths[downloadMyDataPath] = {
    get: {
      operationId: "downloadMyData",
      summary: "exportMyData as a JSON file (Content-Disposition: attachment); the session cookie, the language in the query.",
      parameters: [{ name: "language", in: "query", required: false, schema: { type: "string", enum: ["zh", "en"] } }],
      security: [{ sessionCookie: [] }],
      responses: {
        "200": { description: "The export", content: { "application/json": { schema: jsonSchema(myDataExport, "output") } } },
        "4XX": errors["4XX"],
      },
    },
  };
  paths[attachDownloadPathPattern] = {
    get: {
      operationId: "downloadAttach",
      summary: "A document's PDF file (Content-Disposition: attachment).",
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", pattern: "^[a-z0-9][a-z0-9-]{0,99}$" } }],
      responses: {
        "200": { description: "The PDF", content: { "application/pdf": { schema: { type: "string", contentMediaType: "application/pdf" } } } },
        "304": { description: "Not modified (If-None-Match)" },
        "4XX": errors["4XX"],
      },
    },
  };
  paths[modelFilePathPattern] = {
    get: {
      operationId: "downloadModelFile",
      summary:
        "A part's model file (ngspice or LTspice netlist, PLECS thermal description, transistordatabase JSON or curves as CSV) at a published version; the bytes of a version never change. At an older version, X-Model-Newer-Version names the newest.",
      parameters: (["part", "version", "file"] as const).map((name) => ({
        name,
        in: "path",
        required: true,
        schema: { type: "string", pattern: modelPathSegments[name].source },
      })),
      responses: {
        "200": {
          description: "The file (Content-Disposition: attachment)",
          content: {
            "text/plain": { schema: { type: "string" } },
            "text/csv": { schema: { type: "string", description: "Every curve of the part, one point per row (RFC 4180, with a header)." } },
            "application/xml": { schema: { type: "string" } },
            "application/json": {
              schema: {
                type: "object",
                description: `A machine-readable datasheet: the JSON Schema at ${tdbSchemaPath}. Its lifecycle is the part's state on the version's day; queryPartModels answers the state now.`,
              },
            },
          },
        },
        "304": { description: "Not modified (If-None-Match)" },
        "4XX": errors["4XX"],
      },
    },
  };
  paths[modelFamilyPackPathPattern] = {
    get: {
      operationId: "downloadModelFamilyPack",
      summary:
        "A product family's model pack at a published version: a ZIP archive of every shown part's model files of that version, with README.txt and SHA256SUMS (sha256sum -c). Written as it is sent (no Content-Length); the same version gives the same bytes. At an older version, X-Model-Newer-Version names the newest.",
      parameters: [
        { name: "family", in: "path", required: true, schema: { type: "integer", minimum: 1 } },
        { name: "version", in: "path", required: true, schema: { type: "string", pattern: modelPathSegments.version.source } },
      ],
      responses: {
        "200": {
          description: "The archive (Content-Disposition: attachment)",
          content: { "application/zip": { schema: { type: "string", contentMediaType: "application/zip" } } },
        },
        "304": { description: "Not modified (If-None-Match)" },
        "4XX": errors["4XX"],
      },
    },
  };
  paths[tdbSchemaPath] = {
    get: {
      operationId: "getMachineReadableDatasheetSchema",
      summary:
        "The JSON Schema (draft 2020-12) of the machine-readable datasheets (.tdb.json, the transistordatabase format); its URL names its major version, under which it only gains optional properties.",
      responses: {
        "200": { description: "The schema", content: { "application/schema+json": { schema: { type: "object" } } } },
        "304": { description: "Not modified (If-None-Match)" },
      },
    },
  };
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "Qingyun Power Semiconductor website upstream",
      version: "1.0.0",
      description:
        "Every call answers the envelope { success, code, message, data }; the HTTP status gives the class of an error and `code` the reason (see the error responses). The site reaches these paths under /api.",
    },
    // Relative to where the document is served: / on the upstream, /api/ through the site.
    servers: [{ url: "./" }],
    paths,
    components: {
      schemas: { ErrorEnvelope: jsonSchema(errorEnvelope, "output") },
      securitySchemes: {
        sessionCookie: { type: "apiKey", in: "cookie", name: sessionCookie, description: `Named ${sessionCookieName("https:")} when the site's origin is https.` },
      },
    },
  };
}

export function mountOpenApi(router: Router, provider: string) {
  // Built once: the contract does not change while the process runs.
  const document = JSON.stringify(buildOpenApiDocument(provider));
  router.get("/openapi.json", (_req, res) => {
    res.type("application/json").send(document);
  });
}
