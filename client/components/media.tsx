// Menu and content media: video or image by file extension (SPEC §9), with the mobile source below 1281 px.
import { mediaType } from "../../shared/site/links.ts";

/** `priority`: the page's first, largest picture (hero, banner, article cover) — loaded at once with high
 * priority, since a lazy one waits for layout and makes the page's largest paint late (Lighthouse's LCP). */
export function Media({
  src,
  mobileSrc,
  alt,
  className,
  priority = false,
}: {
  src: string;
  mobileSrc?: string | undefined;
  alt: string;
  className?: string;
  priority?: boolean;
}) {
  if (!src) return null;
  const loading = priority ? { loading: "eager" as const, fetchPriority: "high" as const } : { loading: "lazy" as const };
  if (mediaType(src) === "video") {
    return <video className={className} src={src} muted loop playsInline autoPlay aria-label={alt} />;
  }
  if (mobileSrc && mobileSrc !== src) {
    return (
      <picture className={className}>
        <source media="(max-width: 1280px)" srcSet={mobileSrc} />
        <img src={src} alt={alt} {...loading} decoding="async" />
      </picture>
    );
  }
  return <img className={className} src={src} alt={alt} {...loading} decoding="async" />;
}
