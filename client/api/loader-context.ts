// Loaders get their page client from the router context on the server (built per request with the
// visitor's cookie) and build the browser one from the embedded app context.
import type { Language } from "../../shared/languages.ts";
import { readAppContext } from "../app-context.ts";
import { createPageClient, type PageClient } from "./page-client.ts";

export interface ServerLoaderContext {
  api: (language: Language) => PageClient;
}

const browserClients = new Map<Language, PageClient>();

export function pageClient(context: unknown, language: Language): PageClient {
  const server = context as ServerLoaderContext | undefined;
  if (server && typeof server.api === "function") return server.api(language);
  let client = browserClients.get(language);
  if (!client) {
    const app = readAppContext();
    client = createPageClient({
      base: app.apiBase,
      provider: app.provider,
      websiteCode: app.websiteCode,
      language,
      preview: app.previewUntil !== null,
    });
    browserClients.set(language, client);
  }
  return client;
}
