// A part's lifecycle as the pages show it: the badge (finder rows, compare, detail), the detail's dates and
// replacement, and the sample slot that offers the replacement where the lifecycle refuses samples
// (the upstream refuses them too: server/upstream/samples/products.ts).
import type { ReactNode } from "react";
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { sampleRefusedStates, type ProductLifecycle } from "../../../shared/contract/lifecycle.ts";
import { productDetailPath } from "../../../shared/paths.ts";
import { useLocalize } from "../../hooks.ts";
import { AddToSampleButton } from "../../components/add-to-sample.tsx";
import "../../styles/lifecycle.css";

export function LifecycleBadge({ lifecycle }: { lifecycle: ProductLifecycle }) {
  const { t } = useTranslation("product");
  return (
    <span className={`lifecycle-badge lifecycle-badge--${lifecycle.state}`} title={t(`lifecycle.stateLong.${lifecycle.state}`)}>
      {t(`lifecycle.state.${lifecycle.state}`)}
    </span>
  );
}

function ReplacementLink({ part }: { part: string }) {
  const localize = useLocalize();
  return <Link to={localize(productDetailPath(part))}>{part}</Link>;
}

/** The detail page's lifecycle block: the state with the day it began, its dates, the replacement and the earlier states. */
export function LifecycleFacts({ lifecycle }: { lifecycle: ProductLifecycle }) {
  const { t } = useTranslation("product");
  const facts: Array<{ key: string; text: ReactNode }> = [];
  if (lifecycle.since) facts.push({ key: "since", text: t("lifecycle.since", { date: lifecycle.since }) });
  if (lifecycle.expectedRelease) facts.push({ key: "release", text: t("lifecycle.expectedRelease", { date: lifecycle.expectedRelease }) });
  if (lifecycle.lastOrder) facts.push({ key: "order", text: t("lifecycle.lastOrder", { date: lifecycle.lastOrder }) });
  if (lifecycle.lastDelivery) facts.push({ key: "delivery", text: t("lifecycle.lastDelivery", { date: lifecycle.lastDelivery }) });
  if (lifecycle.replacement) {
    facts.push({
      key: "replacement",
      text: (
        <>
          {t("lifecycle.replacement")} <ReplacementLink part={lifecycle.replacement} />
        </>
      ),
    });
  }
  if (lifecycle.history.length) {
    const steps = lifecycle.history.map((step) => t("lifecycle.historyStep", { state: t(`lifecycle.state.${step.state}`), date: step.since })).join(" · ");
    facts.push({ key: "history", text: t("lifecycle.history", { steps }) });
  }
  return (
    <section className="lifecycle-facts" aria-labelledby="lifecycle">
      <h2 id="lifecycle" className="lifecycle-facts__heading">
        {t("lifecycle.headingWithState")} <LifecycleBadge lifecycle={lifecycle} />
      </h2>
      <p className="lifecycle-facts__long">{t(`lifecycle.stateLong.${lifecycle.state}`)}</p>
      {facts.length ? (
        <ul className="lifecycle-facts__list">
          {facts.map((fact) => (
            <li key={fact.key}>{fact.text}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** "Add to sample list", or where the lifecycle refuses samples the reason and a link to the replacement. */
export function SampleOrReplacement({ product, compact = false }: { product: { id: number; partNumber: string; lifecycle: ProductLifecycle }; compact?: boolean }) {
  const { t } = useTranslation("product");
  const localize = useLocalize();
  const { lifecycle } = product;
  if (!sampleRefusedStates.includes(lifecycle.state)) return <AddToSampleButton product={{ id: product.id, partNumber: product.partNumber }} compact={compact} />;
  return (
    <p className="lifecycle-refusal">
      {t("lifecycle.sampleRefused", { part: product.partNumber, state: t(`lifecycle.state.${lifecycle.state}`) })}
      {lifecycle.replacement ? (
        <>
          {" "}
          <Link to={localize(productDetailPath(lifecycle.replacement))}>{t("lifecycle.sampleReplacement", { part: lifecycle.replacement })}</Link>
        </>
      ) : null}
    </p>
  );
}
