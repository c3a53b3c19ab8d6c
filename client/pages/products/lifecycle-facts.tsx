// The detail page's lifecycle block: the state with the day it began, its dates, the replacement and the
// earlier states (apart from lifecycle.tsx, which the finder loads too).
import type { ReactNode } from "react";
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import type { ProductLifecycle } from "../../../shared/contract/lifecycle.ts";
import { productDetailPath } from "../../../shared/paths.ts";
import { useLocalize } from "../../hooks.ts";
import { LifecycleBadge } from "./lifecycle-badge.tsx";

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
