// "Add to sample list" wherever a product appears (finder row, detail, compare): one implementation of
// SPEC §4/§8. Signed in → addSampleProduct, the answer announced in a live region and the sample-list atoms
// replaced by the list the upstream returns. Signed out → "You are not logged in. Log in now?" and, if
// confirmed, the login page with `path` = this page (no language prefix, with its query) and the part, which
// this button adds when the visitor is back signed in. After an add, a link leads to the sample list. A part
// not recommended for new designs goes to the sample list's confirm step first (with or without JavaScript).
//
// Without JavaScript (or before hydration) the button posts the form to the sample list's route action
// (client/pages/user/sample-add-action.ts), which adds the part and comes back to this page with the
// outcome in the query, shown here; an anonymous visitor goes to the login page and back. Once hydrated the
// submit is intercepted.
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { useAtom, useAtomValue, useSetAtom } from "jotai";
import { addSampleProduct, isLogin } from "../../../shared/contract/index.ts";
import { localizePath } from "../../../shared/languages.ts";
import {
  loginPathOf,
  nrndConfirmPath,
  readPendingAdd,
  readSampleAddResult,
  withPendingAdd,
  withoutSampleAddResult,
  type SampleAddOutcome,
} from "../../../shared/samples/sample-add-result.ts";
import { Link } from "../../components/link.tsx";
import { pageClient } from "../../api/loader-context.ts";
import { ApiCallError } from "../../api/page-client.ts";
import { applySampleListAtom, applySampleMapAtom, hasSessionCookieAtom, loginedAtom, userInfoAtom } from "../../state/atoms.ts";
import { useLanguage, usePageSearch } from "../../hooks.ts";
import { loginPath, userPagePath } from "../../../shared/paths.ts";
import "../../styles/add-to-sample.css";

export interface SampleProductRef {
  /** The product's id in the product tree (siteListId). */
  id: number;
  partNumber: string;
  /** Not recommended for new designs: the sample list's confirm step asks first (the upstream refuses it unconfirmed). */
  nrnd?: boolean;
}

type Outcome = SampleAddOutcome;

/** The error codes that mean "this product is already in the list" and "not signed in (any more)". */
const alreadySelected = "E40022001";
const notSignedIn = new Set(["E40100001", "E40021009"]);

export function AddToSampleButton({ product, compact = false }: { product: SampleProductRef; compact?: boolean }) {
  const { t } = useTranslation("product");
  const language = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const [logined, setLogined] = useAtom(loginedAtom);
  const setUser = useSetAtom(userInfoAtom);
  const setSamples = useSetAtom(applySampleListAtom);
  const inList = useAtomValue(applySampleMapAtom).has(product.id);
  const [pending, setPending] = useState(false);
  // The outcome of a post without JavaScript, when it was this product's (the same on server and browser).
  // Only a visitor with a session can have posted one: an anonymous page (the one the page cache keeps) never
  // repeats what a hand-made query claims.
  const hasSession = useAtomValue(hasSessionCookieAtom);
  const posted = hasSession ? readSampleAddResult(new URLSearchParams(location.search)) : null;
  const postedOutcome = posted?.siteListId === product.id ? posted.outcome : null;
  const [outcome, setOutcome] = useState<Outcome | null>(postedOutcome);
  // Back from the login this button sent the visitor to: the part they asked for is added once hydrated
  // (without JavaScript the hint asks for one more press).
  // Signed in: by the document's cookie, or in this app since (the login page signs in without a reload).
  const pendingAdd = (hasSession || logined) && readPendingAdd(new URLSearchParams(location.search)) === product.id;
  // Announcements are cleared first so that repeating the same message is read again.
  const [announcement, setAnnouncement] = useState(() =>
    postedOutcome ? t(`sample.${postedOutcome}`) : pendingAdd ? t("sample.pressToAdd", { part: product.partNumber }) : "",
  );
  const pendingTaken = useRef(false);
  const [askLogin, setAskLogin] = useState(false);
  // The login question is rendered once asked, and kept (closed) after: a finder page has a button on each of
  // up to 100 rows, and a dialog in each cost the page's HTML and render as much as the rest of the button.
  const [asked, setAsked] = useState(false);
  if (askLogin && !asked) setAsked(true);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const search = usePageSearch();
  const returnPath = loginPathOf(location.pathname, search);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (askLogin && !dialog.open) {
      // showModal makes the rest of the page inert; the confirming answer gets focus (Enter logs in).
      dialog.showModal();
      confirmRef.current?.focus();
    }
    if (!askLogin && dialog.open) dialog.close();
  }, [askLogin]);

  function announce(next: Outcome) {
    setOutcome(next);
    setAnnouncement("");
    const message = t(`sample.${next}`);
    // A fresh text node in the next frame is what screen readers reliably pick up.
    requestAnimationFrame(() => setAnnouncement(message));
  }

  /** Adds the part; true when it went to the confirm step instead (the page is left). */
  async function add(): Promise<boolean | undefined> {
    const client = pageClient(undefined, language);
    if (!logined) {
      // The header's session check may still be under way: ask once before treating the visitor as signed out.
      const user = await client.call(isLogin).catch(() => null);
      if (!user) {
        setAskLogin(true);
        return;
      }
      setUser(user);
      setLogined(true);
    }
    // Already in the list the header loaded: say so without a request the upstream would refuse (409).
    if (inList) {
      announce("selected");
      return;
    }
    // Not recommended for new designs: the confirm step first, without a request the upstream would refuse (409).
    if (product.nrnd) {
      navigate(localizePath(nrndConfirmPath(product.partNumber, returnPath), language));
      return true;
    }
    try {
      setSamples(await client.call(addSampleProduct, { siteListId: product.id }));
      announce("success");
    } catch (error) {
      const code = error instanceof ApiCallError ? error.code : "";
      if (notSignedIn.has(code)) {
        setLogined(false);
        setUser(null);
        setSamples([]);
        setAskLogin(true);
        return;
      }
      announce(code === alreadySelected ? "selected" : "failed");
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the page the login returned to; `add` and the location are read as they are then.
  useEffect(() => {
    if (!pendingAdd || pendingTaken.current) return;
    pendingTaken.current = true;
    setPending(true);
    void add()
      .catch(() => undefined)
      .then((left) => {
        setPending(false);
        // The request is done: a reload or a shared link must not add again (unless the confirm step took over).
        if (!left)
          navigate({ pathname: location.pathname, search: withoutSampleAddResult(location.search), hash: location.hash }, { replace: true, preventScrollReset: true });
      });
  }, [pendingAdd]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    void add().finally(() => setPending(false));
  }

  function closeDialog() {
    // Close first: while the modal is open the rest of the page is inert and cannot take focus.
    if (dialogRef.current?.open) dialogRef.current.close();
    setAskLogin(false);
    buttonRef.current?.focus();
  }

  function confirmLogin() {
    setAskLogin(false);
    navigate(localizePath(loginPath(withPendingAdd(returnPath, product.id)), language));
  }

  return (
    <form className={`add-sample${compact ? " add-sample--compact" : ""}`} method="post" action={localizePath(userPagePath("sampleList"), language)} onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="siteListId" value={product.id} />
      <input type="hidden" name="path" value={returnPath} />
      <button
        ref={buttonRef}
        type="submit"
        className={compact ? "add-sample__button add-sample__button--compact" : "button button--primary add-sample__button"}
        // Not `disabled`: a disabled button drops keyboard focus mid-request; onSubmit ignores repeats instead.
        aria-busy={pending || undefined}
        data-in-list={inList || undefined}
      >
        {compact ? (
          <>
            {t("sample.addShort")}
            <span className="visually-hidden">{t("sample.addPartSuffix", { part: product.partNumber })}</span>
          </>
        ) : (
          t("sample.add")
        )}
      </button>
      <span role="status" aria-live="polite" className={`add-sample__status${outcome ? ` add-sample__status--${outcome}` : ""}`}>
        {announcement}
      </span>
      {(outcome === "success" || outcome === "selected") && (
        <Link className="add-sample__view" to={localizePath(userPagePath("sampleList"), language)}>
          {t("sample.viewList")}
        </Link>
      )}
      {askLogin || asked ? (
        <dialog ref={dialogRef} className="add-sample__dialog" aria-labelledby={titleId} onClose={() => askLogin && closeDialog()}>
          <p id={titleId} className="add-sample__question">
            {t("sample.loginQuestion")}
          </p>
          <div className="add-sample__actions">
            <button type="button" className="button" onClick={closeDialog}>
              {t("sample.cancel")}
            </button>
            <button type="button" className="button button--primary" onClick={confirmLogin} ref={confirmRef}>
              {t("sample.login")}
            </button>
          </div>
        </dialog>
      ) : null}
    </form>
  );
}
