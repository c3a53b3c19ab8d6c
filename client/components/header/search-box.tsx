// The header's search box: Enter runs the search when the text is not empty (SPEC §5).
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "../../i18n-react.tsx";
import { useLocalize } from "../../hooks.ts";

export function SearchBox({ onDone, id }: { onDone?: () => void; id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalize();
  const [text, setText] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    if (!query) return;
    navigate(`${localize("/search")}?text=${encodeURIComponent(query)}`);
    onDone?.();
  };
  return (
    <form className="search-box" role="search" onSubmit={submit}>
      <label className="visually-hidden" htmlFor={id}>
        {t("search.label")}
      </label>
      <input
        id={id}
        type="search"
        name="text"
        value={text}
        maxLength={100}
        autoComplete="off"
        enterKeyHint="search"
        placeholder={t("search.placeholder")}
        onChange={(event) => setText(event.target.value)}
        autoFocus
      />
      <button type="submit" className="search-box__submit">
        {t("search.submit")}
      </button>
    </form>
  );
}
