// The site footer (SPEC §2): products (first 4 + Service), applications (first 5), about, contact,
// WeChat QR, privacy and terms (unprefixed links, SPEC §2), copyright 2020–year, zh-only filing numbers.
import { useAtomValue } from "jotai";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import type { MenuItem } from "../../../shared/contract/site.ts";
import { contactEmailAtom, contactPhoneAtom } from "../../state/atoms.ts";
import { useServerFragment } from "../../runtime/fragments.ts";
import { useLanguage } from "../../hooks.ts";
import type { LayoutData } from "../../layouts/layout-data.ts";
import { SmartLink } from "../smart-link.tsx";
import { buildTree } from "../../../shared/catalog/tree.ts";
import { resolveCategoryLink } from "../header/menu-model.ts";
import { clausePath, privacyPath, servicePath, productsPath } from "../../../shared/paths.ts";

/** SPEC §9: the footer shows at most 4 products and 5 applications. */
const FOOTER_MAX_PRODUCTS = 4;
const FOOTER_MAX_APPLICATIONS = 5;

function items(data: LayoutData, name: string): MenuItem[] {
  const collection = data.menu[name];
  return collection?.display ? collection.data : [];
}

function Column({ title, links, extra, more }: { title: string; links: MenuItem[]; extra?: React.ReactNode; more?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="site-footer__column">
      {/* Collapsible like the About group (SPEC: the mobile footer's About group is), so every group on a phone
          has the same caret and behaves alike; open by default and without JavaScript. */}
      <details className="site-footer__group" open>
        <summary className="site-footer__heading">{title}</summary>
        <ul>
          {links.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
            <li key={`${item.link}-${index}`}>
              <SmartLink to={item.link}>{item.category}</SmartLink>
            </li>
          ))}
          {extra}
          {more ? (
            <li>
              <SmartLink to={more} className="site-footer__more">
                {t("nav.learnMore")}
                <span className="visually-hidden">{t("nav.moreAbout", { name: title })}</span>
              </SmartLink>
            </li>
          ) : null}
        </ul>
      </details>
    </div>
  );
}

export function Footer({ data }: { data: LayoutData }) {
  const language = useLanguage();
  const phone = useAtomValue(contactPhoneAtom);
  const email = useAtomValue(contactEmailAtom);
  // The same HTML for every page of a language until the menus change (client/runtime/fragments.ts). The contact
  // atoms are part of the key: they are constants today, and a page that set them would get its own.
  const html = useServerFragment(data, `${language} ${phone} ${email}`, () => <FooterContent data={data} phone={phone} email={email} />);
  return html !== null ? (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own render of this component, kept as HTML (docs/decisions/007-server-fragments.md).
    <footer className="site-footer" dangerouslySetInnerHTML={{ __html: html }} />
  ) : (
    <footer className="site-footer">
      <FooterContent data={data} phone={phone} email={email} />
    </footer>
  );
}

function FooterContent({ data, phone, email }: { data: LayoutData; phone: string; email: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  // Category links follow the menu's first-descendant rule; "learn more" goes to the catalog overview.
  const families = buildTree(data.products);
  const series = items(data, "series_arr").map((item) => ({ ...item, link: resolveCategoryLink(item.link, families) }));
  const applications = items(data, "application_area_arr");
  const about = items(data, "about_us_arr");
  return (
    <div className="site-footer__inner">
      <div className="site-footer__columns">
        <Column
          title={t("footer.products")}
          links={series.slice(0, FOOTER_MAX_PRODUCTS)}
          extra={
            <li>
              <SmartLink to={servicePath("customDevice")}>{t("nav.service")}</SmartLink>
            </li>
          }
          more={series.length > FOOTER_MAX_PRODUCTS ? productsPath : undefined}
        />
        <Column
          title={t("footer.applications")}
          links={applications.slice(0, FOOTER_MAX_APPLICATIONS)}
          more={applications.length > FOOTER_MAX_APPLICATIONS ? applications[FOOTER_MAX_APPLICATIONS]?.link : undefined}
        />
        <div className="site-footer__column site-footer__column--about">
          <details className="site-footer__group site-footer__about" open>
            <summary className="site-footer__heading">{t("footer.about")}</summary>
            <ul>
              {about.map((item, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
                <li key={`${item.link}-${index}`}>
                  <SmartLink to={item.link}>{item.category}</SmartLink>
                </li>
              ))}
            </ul>
          </details>
        </div>
        <div className="site-footer__column site-footer__contact">
          <h2 className="site-footer__heading">{t("footer.contact")}</h2>
          <p>
            <span className="site-footer__label">{t("footer.phone")}</span>
            <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className="site-footer__phone">
              {phone}
            </a>
          </p>
          <p>
            <span className="site-footer__label">{t("footer.email")}</span>
            <a href={`mailto:${email}`}>{email}</a>
          </p>
          <p>
            <span className="site-footer__label">{t("footer.address")}</span>
            {t("footer.addressText")}
          </p>
        </div>
        <figure className="site-footer__qr">
          <img src="/media/brand/wechat-qr.svg" alt={t("footer.wechatAlt")} width="112" height="112" loading="lazy" />
          <figcaption>{t("footer.wechat")}</figcaption>
        </figure>
      </div>
      <div className="site-footer__legal">
        <p>{t("footer.copyright", { year: data.year })}</p>
        <p className="site-footer__policies">
          <a href={privacyPath}>{t("footer.privacy")}</a>
          <a href={clausePath}>{t("footer.clause")}</a>
          {language === "zh" && (
            <>
              <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer nofollow">
                {t("footer.icp")}
              </a>
              <span>{t("footer.police")}</span>
            </>
          )}
        </p>
      </div>
    </div>
  );
}
