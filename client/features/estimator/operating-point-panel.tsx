// The operating-point panel: a GET form whose fields the server joins into `op=` (shared/estimator
// operatingPointRedirect), so it works without JavaScript; with it, the same URL is built here and
// navigated to without a reload. Bad input comes back with localized messages beside the fields.
import type { FormEvent, ReactNode } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import {
  formFields,
  formatNumber,
  modes,
  modulations,
  operatingPointRedirect,
  temperatureReferences,
  type OperatingPoint,
  type OperatingPointIssue,
  type ParsedOperatingPoint,
} from "../../../shared/estimator/index.ts";
import { operatingPointSummary } from "./format.ts";
import { Link } from "../../components/link.tsx";
import { useLocalize } from "../../hooks.ts";
import { estimatorMethodPath } from "../../../shared/paths.ts";
import "../../styles/estimator.css";
import { WithSubscripts } from "../../components/param-name.tsx";

export interface OperatingPointPanelProps {
  /** The `op` of the URL as parsed (null = none). */
  parsed: ParsedOperatingPoint | null;
  /** What the fields show when the URL has no operating point. */
  suggestion: OperatingPoint;
  /** Other query parameters of the page, carried through the form (filters, sort, compared ids…). */
  keep?: Array<[string, string]>;
  /** The level of the panel's heading in the page's outline. */
  headingLevel?: 2 | 3;
  /** The intro's key: the finder estimates every part, a detail page one, compare the compared ones. */
  intro?: "panel.intro" | "panel.introOne" | "panel.introCompare";
  /**
   * Fields a page adds to the form (the detail page's whole-converter and load-cycle fields, in its own chunk), and
   * the URL parameters they carry, which are then not kept as hidden fields too.
   */
  extra?: ReactNode;
  carries?: readonly string[];
}

type Draft = Record<keyof OperatingPoint, string>;

function draftOf(parsed: ParsedOperatingPoint | null, suggestion: OperatingPoint): Draft {
  const op = parsed?.ok ? parsed.value : suggestion;
  const fromOp: Draft = {
    mode: op.mode,
    vBus: formatNumber(op.vBus),
    current: formatNumber(op.current),
    currentKind: op.currentKind,
    fsw: formatNumber(op.fsw / 1000),
    pf: formatNumber(op.pf),
    duty: formatNumber(op.duty),
    vOther: op.vOther === undefined ? "" : formatNumber(op.vOther),
    tc: formatNumber(op.tc),
    tcRef: op.tcRef ?? "case",
    m: formatNumber(op.m),
    // Empty: each part's own default (its recommended dead time, its switching-reference R_G).
    deadTime: op.deadTime === undefined ? "" : formatNumber(op.deadTime),
    rg: op.rg === undefined ? "" : formatNumber(op.rg),
    fo: op.fo === undefined ? "" : formatNumber(op.fo),
    modulation: op.modulation ?? "spwm",
    parallel: op.parallel === undefined ? "" : formatNumber(op.parallel),
    parallelMismatch: op.parallelMismatch ? "w" : "",
    rsa: op.rsa === undefined ? "" : formatNumber(op.rsa),
    slowLeg: op.slowLeg ? "1" : "",
  };
  if (parsed && !parsed.ok) {
    // Show what was typed, falling back to the suggestion only where nothing was.
    for (const [key, value] of Object.entries(parsed.draft)) if (value) fromOp[key as keyof Draft] = value;
  }
  return fromOp;
}

export function OperatingPointPanel({ parsed, suggestion, keep = [], headingLevel = 2, intro = "panel.intro", extra, carries = [] }: OperatingPointPanelProps) {
  const Heading = `h${headingLevel}` as const;
  const { t } = useTranslation("estimator");
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const localize = useLocalize();
  // One panel per page: fixed ids keep labels and fields paired across every re-render and remount.
  const id = "op";
  const draft = draftOf(parsed, suggestion);
  const issues = parsed && !parsed.ok ? parsed.issues : [];
  const issueOf = (field: OperatingPointIssue["field"]) => issues.find((issue) => issue.field === field);
  const kept = keep.filter(([name]) => name !== "op" && name !== "page" && !carries.includes(name) && !(Object.values(formFields) as string[]).includes(name));
  const clearQuery = new URLSearchParams(kept).toString();
  const onClear = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(`${pathname}${clearQuery ? `?${clearQuery}` : ""}`, { preventScrollReset: true });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === "string") query.append(name, value);
    const target = operatingPointRedirect(new URL(`${pathname}?${query}`, window.location.origin));
    if (target) navigate(target, { preventScrollReset: true });
  };

  const field = (
    name: Exclude<keyof OperatingPoint, "mode" | "currentKind" | "tcRef" | "modulation" | "parallel" | "parallelMismatch" | "rsa" | "slowLeg">,
    hint?: string,
  ) => {
    const issue = issueOf(name);
    const messageId = `${id}-${name}-e`;
    const hintId = hint ? `${id}-${name}-h` : undefined;
    return (
      <div className={`op-field${issue ? " is-invalid" : ""}`}>
        <label htmlFor={`${id}-${name}`}>
          <WithSubscripts text={t(`panel.${name}`)} />
        </label>
        <input
          id={`${id}-${name}`}
          name={formFields[name]}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={draft[name]}
          aria-invalid={issue ? true : undefined}
          aria-describedby={[issue ? messageId : null, hintId].filter(Boolean).join(" ") || undefined}
        />
        {hint ? (
          <small id={hintId} className="op-field__hint">
            <WithSubscripts text={hint} />
          </small>
        ) : null}
        {issue ? (
          <small id={messageId} className="op-field__error">
            {t(issue.message, issue.values)}
          </small>
        ) : null}
      </div>
    );
  };

  return (
    <section className="op-panel" aria-labelledby={`${id}-h`}>
      <Heading id={`${id}-h`}>{t("panel.heading")}</Heading>
      <p className="op-panel__intro">
        {t(intro)} {/* Every estimate (finder, detail, compare) shows this panel: its methods are one link away. */}
        <Link to={localize(estimatorMethodPath)}>{t("method.link")}</Link>
      </p>
      {parsed?.ok ? (
        <p className="op-panel__active">
          <WithSubscripts text={t("panel.active", { summary: operatingPointSummary(parsed.value, t) })} />
        </p>
      ) : null}
      {issues.length ? (
        <div className="op-panel__errors" role="alert">
          <p>{t("panel.invalid")}</p>
          <ul>
            {issues.map((issue) => (
              <li key={issue.field}>{t(issue.message, issue.values)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {/* Keyed by the URL's operating point: a new point remounts the fields with their new defaults. */}
      <form method="get" action={pathname} onSubmit={onSubmit} className="op-form" key={parsed?.text ?? ""}>
        {kept.map(([name, value], index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <fieldset className="op-form__choice">
          <legend>{t("panel.mode")}</legend>
          {modes.map((mode) => (
            <label key={mode}>
              <input type="radio" name={formFields.mode} value={mode} defaultChecked={draft.mode === mode} />
              {t(`panel.modes.${mode}`)}
            </label>
          ))}
        </fieldset>
        <div className="op-form__grid">
          {field("vBus")}
          {field("current", t("panel.currentHint"))}
          <fieldset className="op-form__choice op-form__choice--inline">
            <legend>{t("panel.currentKind")}</legend>
            {(["rms", "peak"] as const).map((kind) => (
              <label key={kind}>
                <input type="radio" name={formFields.currentKind} value={kind} defaultChecked={draft.currentKind === kind} />
                {t(`panel.${kind}`)}
              </label>
            ))}
          </fieldset>
          {field("fsw")}
          {field("pf")}
          {field("duty")}
          {field("vOther")}
          {/* A totem-pole point only (the form drops it for every other mode): this part as a slow-leg device. */}
          <div className={`op-field op-field--wide${issueOf("slowLeg") ? " is-invalid" : ""}`}>
            <label>
              <input type="checkbox" name={formFields.slowLeg} value="1" defaultChecked={draft.slowLeg !== ""} /> <WithSubscripts text={t("panel.slowLeg")} />
            </label>
          </div>
          {field("m")}
          <div className={`op-field op-field--wide${issueOf("modulation") ? " is-invalid" : ""}`}>
            <label htmlFor={`${id}-modulation`}>{t("panel.modulation")}</label>
            <select id={`${id}-modulation`} name={formFields.modulation} defaultValue={draft.modulation} aria-invalid={issueOf("modulation") ? true : undefined}>
              {modulations.map((modulation) => (
                <option key={modulation} value={modulation}>
                  {t(`panel.modulations.${modulation}`)}
                </option>
              ))}
            </select>
          </div>
          {field("tc", t("panel.tcHint"))}
          <fieldset className="op-form__choice op-form__choice--inline">
            <legend>{t("panel.tcRef")}</legend>
            {temperatureReferences.map((reference) => (
              <label key={reference}>
                <input type="radio" name={formFields.tcRef} value={reference} defaultChecked={draft.tcRef === reference} />
                {t(`panel.tcRef_${reference}`)}
              </label>
            ))}
          </fieldset>
          {field("deadTime", t("panel.deadTimeHint"))}
          {field("rg", t("panel.rgHint"))}
          {field("fo", t("panel.foHint"))}
          {extra}
        </div>
        <div className="op-form__actions">
          <button type="submit" className="button button--primary">
            {t("panel.submit")}
          </button>
          {parsed ? (
            // Its own form (HTML forms do not nest): submits the page's other parameters without op.
            <button type="submit" form={`${id}-clear`} className="button op-form__clear">
              {t("panel.clear")}
            </button>
          ) : null}
        </div>
      </form>
      {parsed ? (
        <form id={`${id}-clear`} method="get" action={pathname} onSubmit={onClear} hidden>
          {kept.map(([name, value], index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
            <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
          ))}
        </form>
      ) : null}
    </section>
  );
}

/**
 * The form's field for the stage's other device (`with=`, docs/decisions/041-stage-totals.md and
 * 043-line-frequency-and-slow-leg.md), which the product page, the finder and compare pass in as `extra`. Named `with`
 * as in the URL, so the form's redirect keeps it beside the op= it joins. Here, in the panel's module that all three
 * load already, rather than in a chunk of its own, whose name every first load's preload list would carry.
 */
export function WithField({ companion }: { companion: string | null }) {
  const { t } = useTranslation("estimator");
  return (
    <div className="op-field op-field--wide">
      <label htmlFor="op-with">{t("stage.withField")}</label>
      <input id="op-with" name="with" type="text" autoComplete="off" spellCheck={false} defaultValue={companion ?? ""} aria-describedby="op-with-h" />
      <small id="op-with-h" className="op-field__hint">
        <WithSubscripts text={t("stage.withHint")} />
      </small>
    </div>
  );
}

/**
 * The whole converter's fields (parts in parallel per switch, one of them at its maximum values, the heat sink's R_th:
 * docs/decisions/029-whole-converter.md), which the product page, the finder and compare pass in as `extra`. Their
 * names are the form's own (formFields), so the redirect joins them into `op=` as np…/rs… tags. Here, beside
 * WithField, for the same reason: a module of their own would be a chunk every first load's preload list names.
 */
export function ConverterFields({ parsed }: { parsed: ParsedOperatingPoint | null }) {
  const { t } = useTranslation("estimator");
  const issues: OperatingPointIssue[] = parsed && !parsed.ok ? parsed.issues : [];
  // What the URL set, or what was typed when it was refused.
  const value = (name: "parallel" | "rsa") => {
    if (parsed?.ok) return parsed.value[name] === undefined ? "" : formatNumber(parsed.value[name]!);
    return parsed?.draft[name] ?? "";
  };
  const mismatch = parsed?.ok ? parsed.value.parallelMismatch === true : parsed?.draft.parallelMismatch === "w";
  const text = (name: "parallel" | "rsa") => {
    const issue = issues.find((item) => item.field === name);
    return (
      <div className={`op-field${issue ? " is-invalid" : ""}`}>
        <label htmlFor={`op-${name}`}>
          <WithSubscripts text={t(`converter.${name}`)} />
        </label>
        <input
          id={`op-${name}`}
          name={formFields[name]}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={value(name)}
          aria-invalid={issue ? true : undefined}
          aria-describedby={[issue ? `op-${name}-e` : null, `op-${name}-h`].filter(Boolean).join(" ")}
        />
        <small id={`op-${name}-h`} className="op-field__hint">
          <WithSubscripts text={t(`converter.${name}Hint`)} />
        </small>
        {issue ? (
          <small id={`op-${name}-e`} className="op-field__error">
            {t(issue.message, issue.values)}
          </small>
        ) : null}
      </div>
    );
  };
  return (
    <>
      {text("parallel")}
      <div className="op-field op-field--wide">
        <label>
          <input type="checkbox" name={formFields.parallelMismatch} value="w" defaultChecked={mismatch} /> {t("converter.mismatch")}
        </label>
      </div>
      {text("rsa")}
    </>
  );
}
