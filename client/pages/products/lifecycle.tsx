// The sample slot of a part as the finder, compare, the detail and the cross-reference show it: the sample button,
// or the replacement where the lifecycle refuses samples (the upstream refuses them too:
// server/upstream/samples/products.ts). The badge is lifecycle-badge.tsx; the detail's dates are
// lifecycle-facts.tsx, kept out of the finder's load.
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { sampleRefusedStates, type ProductLifecycle } from "../../../shared/contract/lifecycle.ts";
import { productDetailPath } from "../../../shared/paths.ts";
import { useLocalize } from "../../hooks.ts";
import { AddToSampleButton } from "../../features/samples/add-to-sample.tsx";
import "../../styles/lifecycle.css";

/** "Add to sample list", or where the lifecycle refuses samples the reason and a link to the replacement. */
export function SampleOrReplacement({ product, compact = false }: { product: { id: number; partNumber: string; lifecycle: ProductLifecycle }; compact?: boolean }) {
  const { t } = useTranslation("product");
  const localize = useLocalize();
  const { lifecycle } = product;
  if (!sampleRefusedStates.includes(lifecycle.state))
    return <AddToSampleButton product={{ id: product.id, partNumber: product.partNumber, nrnd: lifecycle.state === "nrnd" }} compact={compact} />;
  return (
    <p className={compact ? "lifecycle-refusal lifecycle-refusal--compact" : "lifecycle-refusal"}>
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
