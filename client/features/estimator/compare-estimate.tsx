// The estimator on the compare page: one operating point (the URL's, else a typical one that the lowest-rated
// compared part suits) and the loss breakdown of every compared part at it, beside the panel to change it.
import { useLocation } from "react-router-dom";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { suggestForParts, type ParsedOperatingPoint } from "../../../shared/estimator/index.ts";
import { CompareLosses, type ComparedPart } from "./compare-losses.tsx";
import { ConverterFields, OperatingPointPanel, WithField } from "./operating-point-panel.tsx";
import { operatingPointSummary } from "./format.ts";
import { CustomDeviceForm } from "./custom-device-form.tsx";
import type { ParsedDevice } from "../../../shared/estimator/validate-device.ts";
import { WithSubscripts } from "../../components/param-name.tsx";
import type { StageCompanion } from "../../../shared/estimator/stage.ts";

/** `parsed`: the URL's operating point as the page's loader validated it (load-operating-point.ts). */
/** `device`: the visitor's own device from `dev=` (validated by the loader), estimated beside ours. */
/** `companion`: the part `with=` names for the stage's other device, counted in every column's stage it completes. */
export function CompareEstimate({
  parts: ours,
  parsed,
  device = null,
  companion = null,
}: {
  parts: ComparedPart[];
  parsed: ParsedOperatingPoint | null;
  device?: ParsedDevice | null;
  companion?: StageCompanion | null;
}) {
  const { t } = useTranslation("estimator");
  const { search, pathname } = useLocation();
  const parts = device?.ok ? [...ours, { partNumber: t("device.yours", { name: device.name }), loss: device.data }] : ours;
  const losses = parts.flatMap((part) => (part.loss ? [part.loss] : []));
  if (!losses.length) return null;
  const query = new URLSearchParams(search);
  const suggestion = suggestForParts(losses);
  const op = parsed?.ok ? parsed.value : suggestion;
  return (
    <section className="compare-estimate" aria-labelledby="compare-estimate-heading">
      <h2 id="compare-estimate-heading">{t("compare.heading")}</h2>
      <OperatingPointPanel
        parsed={parsed}
        suggestion={suggestion}
        keep={[...query]}
        headingLevel={3}
        intro="panel.introCompare"
        extra={
          <>
            <ConverterFields parsed={parsed} />
            <WithField companion={query.get("with")} />
          </>
        }
        carries={["with"]}
      />
      {parsed?.ok ? null : (
        <p className="op-panel__active">
          <WithSubscripts text={t(losses.length > 1 ? "panel.suggestedCompare" : "panel.suggested", { summary: operatingPointSummary(op, t) })} />
        </p>
      )}
      <CompareLosses parts={parts} op={op} companion={companion} />
      {device?.ok ? (
        // The same values as a file in the loss-data schema, for `npm run estimate -- --device <file>` and for later.
        <p className="device-download">
          <a
            download={`${device.name}.json`}
            href={`data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify({ partNumber: device.name, ...device.data }, null, 2))}`}
          >
            {t("device.download", { name: device.name })}
          </a>
        </p>
      ) : null}
      <CustomDeviceForm device={device} keep={[...query]} action={pathname} />
    </section>
  );
}
