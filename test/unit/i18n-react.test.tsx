// The site's React bindings (client/runtime/i18n-react.tsx) with the browser's translator and with the server's
// i18next, rendered as the server renders them.
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ReactNode } from "react";
import type { I18nInstance } from "../../client/runtime/translator.ts";
import { I18nProvider, useTranslation } from "../../client/runtime/i18n-react.tsx";
import { createClientI18n } from "../../client/runtime/i18n.ts";
import { trackNamespaces } from "../../client/runtime/namespaces.ts";
import { createServerI18n, loadResources } from "../../server/http/i18n.ts";

const resources = loadResources();

function Label({ ns, k }: { ns?: string; k: string }) {
  const { t, ready } = useTranslation(ns);
  return <span data-ready={String(ready)}>{t(k)}</span>;
}

const render = (instance: I18nInstance, node: ReactNode) => renderToString(<I18nProvider i18n={instance}>{node}</I18nProvider>);

describe("useTranslation", () => {
  it("translates in the namespace it is given, and in common without one", () => {
    const en = createClientI18n("en", resources.en);
    expect(render(en, <Label k="home" />)).toContain(`>${resources.en.common!.home}<`);
    const zh = createClientI18n("zh", resources.zh);
    const key = Object.keys(resources.zh.catalog!).find((name) => typeof resources.zh.catalog![name] === "string")!;
    expect(render(zh, <Label ns="catalog" k={key} />)).toContain(`>${resources.zh.catalog![key] as string}<`);
  });

  it("reports the namespaces a render used, so the server embeds only those", async () => {
    // The server's instance (i18next), a request's own, as in server/pages/render.ts.
    const en = (await createServerI18n(resources)).cloneInstance({ lng: "en", initAsync: false });
    const used = trackNamespaces(en);
    render(
      en,
      <>
        <Label ns="catalog" k="x" />
        <Label ns="support" k="y" />
      </>,
    );
    expect([...used].sort()).toEqual(["catalog", "common", "support"]);
  });

  it("is not ready for a namespace the page did not embed, and answers with the key until it loads", async () => {
    const en = createClientI18n("en", { common: resources.en.common! });
    expect(render(en, <Label ns="catalog" k="someKey" />)).toBe('<span data-ready="false">someKey</span>');
    await en.loadNamespaces("catalog");
    const key = Object.keys(resources.en.catalog!).find((name) => typeof resources.en.catalog![name] === "string")!;
    expect(render(en, <Label ns="catalog" k={key} />)).toContain(`data-ready="true">${resources.en.catalog![key] as string}<`);
  });

  it("needs a provider", () => {
    expect(() => renderToString(<Label k="home" />)).toThrow(/I18nProvider/);
  });
});
