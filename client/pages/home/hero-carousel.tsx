// The home page's hero carousel: every slide is in the server's HTML, side by side in a scroll-snapping
// track, so without JavaScript a swipe, a scroll or the numbered links (plain #fragment links) reach each one.
// After hydration the previous/next buttons appear and the links scroll the track smoothly.
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import type { Section } from "../../../shared/contract/site.ts";
import { SmartLink } from "../../components/smart-link.tsx";
import { Media } from "../../components/media.tsx";

const slideId = (index: number) => `hero-slide-${index + 1}`;

export function HeroCarousel({ section }: { section: Section }) {
  const { t } = useTranslation("home");
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  // The buttons need JavaScript: they are not in the server's HTML, where they could do nothing.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const slides = section.items;
  if (!slides.length) return null;

  const show = (next: number) => {
    const target = (next + slides.length) % slides.length;
    const element = track.current;
    // Smooth for the buttons (a fragment link without JavaScript jumps), unless the visitor asks for less motion.
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (element) element.scrollTo({ left: target * element.clientWidth, behavior: still ? "instant" : "smooth" });
    setIndex(target);
  };
  const onScroll = () => {
    const element = track.current;
    if (element?.clientWidth) setIndex(Math.round(element.scrollLeft / element.clientWidth));
  };
  const onDot = (event: MouseEvent<HTMLAnchorElement>, next: number) => {
    // The fragment would also scroll the page to the slide; the track alone moves.
    event.preventDefault();
    show(next);
  };

  return (
    <section className="hero" aria-roledescription="carousel" aria-label={section.heading || undefined}>
      <div className="hero__track" ref={track} onScroll={onScroll}>
        {slides.map((slide, position) => (
          // A group named "slide n of N" per slide, as the WAI-ARIA carousel pattern has it.
          // biome-ignore lint/a11y/useSemanticElements: the carousel pattern's slide is a role="group" with a roledescription, not a <fieldset>.
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
            key={position}
            id={slideId(position)}
            className="hero__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t("slide", { index: position + 1, total: slides.length })}
          >
            {slide.image ? <Media src={slide.image} alt="" className="hero__media" priority={position === 0} /> : null}
            <div className="hero__text">
              <h2>{slide.title}</h2>
              {slide.text ? <p>{slide.text}</p> : null}
              {slide.link ? (
                <SmartLink to={slide.link} className="button button--primary">
                  {t("explore")}
                </SmartLink>
              ) : null}
            </div>
          </div>
        ))}
      </div>
      {slides.length > 1 && (
        <div className="hero__controls">
          {hydrated ? (
            <button type="button" className="icon-button" onClick={() => show(index - 1)} aria-label={t("previous")}>
              ‹
            </button>
          ) : null}
          <ul className="hero__dots" aria-label={t("slides")}>
            {slides.map((_, position) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
              <li key={position}>
                <a
                  href={`#${slideId(position)}`}
                  aria-current={position === index ? "true" : undefined}
                  aria-label={t("goTo", { index: position + 1 })}
                  onClick={(event) => onDot(event, position)}
                >
                  {position + 1}
                </a>
              </li>
            ))}
          </ul>
          {hydrated ? (
            <button type="button" className="icon-button" onClick={() => show(index + 1)} aria-label={t("next")}>
              ›
            </button>
          ) : null}
        </div>
      )}
    </section>
  );
}
