// The header's search box: a GET form to /{lang}/search (SPEC §2), so Enter runs the search with or without
// JavaScript; with it, React Router's <Form> navigates in place. Empty text runs nothing (SPEC §5).
import type { FormEvent, Ref } from "react";
import { Form } from "react-router-dom";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { useLocalize } from "../../hooks.ts";
import { searchPath } from "../../../shared/paths.ts";

export function SearchBox({ id, inputRef, onDone }: { id: string; inputRef?: Ref<HTMLInputElement>; onDone?: () => void }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const text = new FormData(event.currentTarget).get("text");
    if (typeof text !== "string" || !text.trim()) event.preventDefault();
    else onDone?.();
  };
  return (
    <Form className="search-box" role="search" method="get" action={localize(searchPath)} onSubmit={submit}>
      <label className="visually-hidden" htmlFor={id}>
        {t("search.label")}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="search"
        name="text"
        // SEARCH_TEXT_MAX of shared/contract/search.ts: importing it would bring zod into every page's first load.
        maxLength={100}
        autoComplete="off"
        enterKeyHint="search"
        placeholder={t("search.placeholder")}
        required
      />
      <button type="submit" className="search-box__submit">
        {t("search.submit")}
      </button>
    </Form>
  );
}
