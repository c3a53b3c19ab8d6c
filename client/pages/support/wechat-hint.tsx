// SPEC §2: inside the WeChat browser, which cannot download files, the support pages ask the visitor to
// open the page in a browser. Rendered on the server from the User-Agent; the browser check after
// hydration also covers a page that reached WeChat from a cache.
import { useEffect, useState } from "react";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { isWeChatBrowser } from "../../../shared/http/user-agent.ts";

export function WeChatHint({ wechat }: { wechat: boolean }) {
  const { t } = useTranslation("support");
  const [shown, setShown] = useState(wechat);
  useEffect(() => {
    if (!wechat && isWeChatBrowser(window.navigator.userAgent)) setShown(true);
  }, [wechat]);
  if (!shown) return null;
  return (
    <aside className="wechat-hint" aria-labelledby="wechat-hint-title">
      <span className="wechat-hint__icon" aria-hidden="true">
        ↗
      </span>
      <div>
        <p id="wechat-hint-title" className="wechat-hint__title">
          {t("wechat.title")}
        </p>
        <p className="wechat-hint__text">{t("wechat.text")}</p>
      </div>
    </aside>
  );
}
