// A link from content: site paths stay in the current language and use the router; external ones open
// in a new tab with noopener (SPEC §3 isFull / p__target).
import type { ReactNode } from "react";
import { Link } from "./link.tsx";
import { isExternal, normalizeLink } from "../../shared/site/links.ts";
import { useLocalize } from "../hooks.ts";

export function SmartLink({ to, className, children, onClick }: { to: string; className?: string; children: ReactNode; onClick?: () => void }) {
  const localize = useLocalize();
  const href = normalizeLink(to);
  if (!href) return <span className={className}>{children}</span>;
  if (isExternal(href)) {
    return (
      <a className={className} href={href} target="_blank" rel="noopener noreferrer" onClick={onClick}>
        {children}
      </a>
    );
  }
  return (
    <Link className={className} to={href.startsWith("/") ? localize(href) : href} onClick={onClick}>
      {children}
    </Link>
  );
}
