// One candidate's per-parameter table: their value with its conditions and source beside ours with its basis,
// the result and the note saying why a row could not be compared.
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { ScrollBox } from "../../components/scroll-box.tsx";
import { ProseText } from "../../components/prose-text.tsx";
import type { CrossReferenceCandidate } from "../../../shared/contract/index.ts";
import { conditionText, localizeCitation, withParamUnit } from "../../../shared/cross-reference/citation.ts";
import { keepNumberWithUnit } from "../../../shared/text/no-break.ts";
import { withMinusSign } from "../../../shared/text/minus.ts";

type Row = CrossReferenceCandidate["rows"][number];
type Translate = ReturnType<typeof useTranslation>["t"];

/** A cell's value in the page's words: numbers with their unit, circuits and yes/no translated. */
function cellText(row: Row, value: Row["theirs"]["value"], t: Translate): string {
  if (value === null) return t("page.none");
  if (typeof value === "boolean") return t(value ? "page.yes" : "page.no");
  if (row.param === "topology" && typeof value === "string") return t(`topology.${value}`, { defaultValue: value });
  return withMinusSign(withParamUnit(row.param, value));
}

/** Their value, said to be a maximum where it is one. */
function theirText(row: Row, t: Translate): string {
  const text = cellText(row, row.theirs.value, t);
  return row.theirs.max && row.theirs.value !== null ? t("page.maxValue", { value: text }) : text;
}

/**
 * A row's parameter name: where the table has more than one row of a parameter (their current at T_C = 25 and
 * 100 °C, their R_DS(on) at two T_j), each row says the temperature of theirs (all their conditions where the
 * temperature is the same), so the rows do not read as one.
 */
function paramName(row: Row, rows: Row[], t: Translate): string {
  const name = t(`param.${row.param}`);
  const same = rows.filter((other) => other.param === row.param);
  if (same.length < 2) return name;
  const temperature = ({ tc, tj }: Row["theirs"]["conditions"]) => conditionText({ tc, tj });
  const distinct = same.every((other) => other === row || temperature(other.theirs.conditions) !== temperature(row.theirs.conditions));
  const conditions = distinct ? temperature(row.theirs.conditions) : conditionText(row.theirs.conditions);
  return conditions ? t("page.paramAt", { param: name, conditions: keepNumberWithUnit(conditions) }) : name;
}

export function ComparisonTable({ rows, theirs, ours, id }: { rows: Row[]; theirs: string; ours: string; id: string }) {
  const { t } = useTranslation("cross-reference");
  return (
    <ScrollBox className="table-scroll xref-table-scroll" labelledBy={id}>
      <table className="xref-table">
        <caption id={id}>{t("page.tableCaption", { theirs, ours })}</caption>
        <thead>
          <tr>
            <th scope="col">{t("page.colParam")}</th>
            <th scope="col">{theirs}</th>
            <th scope="col">{ours}</th>
            <th scope="col">{t("page.colResult")}</th>
            <th scope="col">{t("page.colNote")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const theirConditions = keepNumberWithUnit(conditionText(row.theirs.conditions));
            const ourConditions = keepNumberWithUnit(conditionText(row.ours.conditions));
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
              <tr key={`${row.param}-${index}`} className={`xref-row xref-row--${row.status}`}>
                <th scope="row">
                  <ProseText text={paramName(row, rows, t)} />
                </th>
                <td>
                  {theirText(row, t)}
                  {theirConditions ? (
                    <span className="xref-table__conditions">
                      <ProseText text={theirConditions} />
                    </span>
                  ) : null}
                  {row.theirs.decoded ? <span className="xref-table__source">{t("decoded")}</span> : null}
                  {row.theirs.source?.where ? (
                    <span className="xref-table__source">
                      <ProseText text={t("page.source", { where: localizeCitation(row.theirs.source.where, (key, values) => t(`citation.${key}`, values ?? {})) })} />
                    </span>
                  ) : null}
                </td>
                <td>
                  {cellText(row, row.ours.value, t)}
                  {ourConditions ? (
                    <span className="xref-table__conditions">
                      <ProseText text={ourConditions} />
                    </span>
                  ) : null}
                  {row.ours.value !== null ? <span className="xref-table__source">{t("page.ourBasis", { basis: t(`basis.${row.ours.basis}`) })}</span> : null}
                </td>
                <td className="xref-table__status">{t(`status.${row.status}`)}</td>
                <td>{row.note ? <ProseText text={t(`note.${row.note.key}`, row.note.values ?? {})} /> : ""}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollBox>
  );
}
