// The site's React bindings (client/runtime/i18n-react.tsx) with the browser's translator and with the server's
// i18next, rendered as the server renders them.
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ReactNode } from "react";
import type { I18nInstance } from "../../client/runtime/translator.ts";
import { I18nProvider, useTranslation } from "../../client/runtime/i18n-react.tsx";
import { createClientI18n } from "../../client/runtime/i18n.ts";
import { trackNamespaces } from "../../client/runtime/namespaces.ts";
import { IslandStrings } from "../../client/runtime/island-strings.tsx";
import { createServerI18n, loadResources } from "../../server/http/i18n.ts";

const resources = loadResources();

function Label({ ns, k }: { ns?: string; k: string }) {
  const { t, ready } = useTranslation(ns);
  return <span data-ready={String(ready)}>{t(k)}</span>;
}

/** Notes the t it was given. */
function Spy({ seen }: { seen: Set<unknown> }) {
  const { t } = useTranslation("catalog");
  seen.add(t);
  return <span>{t("finder.new")}</span>;
}

/** Declares a namespace and asks none of its strings. */
function Declares() {
  useTranslation("estimator");
  return <span>nothing asked</span>;
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

  it("does not report a namespace a component declares but asks no string of", async () => {
    const en = (await createServerI18n(resources)).cloneInstance({ lng: "en", initAsync: false });
    const used = trackNamespaces(en);
    render(
      en,
      <>
        <Declares />
        <Label ns="support" k="y" />
        <Label ns="support" k="y" />
      </>,
    );
    expect([...used].sort()).toEqual(["common", "support"]);
  });

  it("does not report an island's own namespace, which the island loads itself, but does report its others", async () => {
    const en = (await createServerI18n(resources)).cloneInstance({ lng: "en", initAsync: false });
    const used = trackNamespaces(en);
    const html = render(
      en,
      <IslandStrings namespaces={["estimator"]}>
        <Label ns="estimator" k="bar.label" />
        <Label ns="support" k="y" />
      </IslandStrings>,
    );
    // Rendered with its strings all the same.
    expect(html).toContain(`>${(resources.en.estimator as { bar: { label: string } }).bar.label}<`);
    expect([...used].sort()).toEqual(["common", "support"]);
    // The same namespace asked for outside an island is the page's own: embedded.
    render(en, <Label ns="estimator" k="bar.label" />);
    expect([...used].sort()).toEqual(["common", "estimator", "support"]);
  });

  it("gives every component of a request the same t of a namespace, and still reports the namespace it is used in", async () => {
    const en = (await createServerI18n(resources)).cloneInstance({ lng: "en", initAsync: false });
    const used = trackNamespaces(en);
    const seen = new Set<unknown>();
    const html = render(
      en,
      <>
        <Spy seen={seen} />
        <Spy seen={seen} />
        <Spy seen={seen} />
      </>,
    );
    expect(seen.size).toBe(1);
    expect(html).toContain(`>${(resources.en.catalog as { finder: { new: string } }).finder.new}<`);
    expect([...used].sort()).toEqual(["catalog", "common"]);
    // An island's view of the instance keeps its own t, which does not report its namespace.
    const zh = (await createServerI18n(resources)).cloneInstance({ lng: "zh", initAsync: false });
    const zhUsed = trackNamespaces(zh);
    render(
      zh,
      <IslandStrings namespaces={["catalog"]}>
        <Spy seen={seen} />
      </IslandStrings>,
    );
    expect([...zhUsed]).toEqual(["common"]);
    render(zh, <Spy seen={seen} />);
    expect([...zhUsed].sort()).toEqual(["catalog", "common"]);
  });

  it("in the browser, renders an island only once its own namespace has loaded (until then the server's HTML stays)", async () => {
    const en = createClientI18n("en", { common: resources.en.common! });
    const { renderToReadableStream } = await import("react-dom/server");
    const { Suspense } = await import("react");
    const label = (resources.en.estimator as { bar: { label: string } }).bar.label;
    const stream = await renderToReadableStream(
      <I18nProvider i18n={en}>
        <Suspense fallback={<i>waiting</i>}>
          <IslandStrings namespaces={["estimator"]}>
            <Label ns="estimator" k="bar.label" />
          </IslandStrings>
        </Suspense>
      </I18nProvider>,
    );
    await stream.allReady;
    const html = await new Response(stream).text();
    // It waited for the strings and rendered with them, never with the key.
    expect(en.hasLoadedNamespace("estimator")).toBe(true);
    expect(html).toContain(`data-ready="true">${label}<`);
    expect(html).not.toContain(">bar.label<");
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
