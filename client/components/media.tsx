// Menu and content media: video or image by file extension (SPEC §9), with the mobile source below 1281 px.
import { mediaType } from "../../shared/links.ts";

export function Media({ src, mobileSrc, alt, className }: { src: string; mobileSrc?: string | undefined; alt: string; className?: string }) {
  if (!src) return null;
  if (mediaType(src) === "video") {
    return <video className={className} src={src} muted loop playsInline autoPlay aria-label={alt} />;
  }
  if (mobileSrc && mobileSrc !== src) {
    return (
      <picture className={className}>
        <source media="(max-width: 1280px)" srcSet={mobileSrc} />
        <img src={src} alt={alt} loading="lazy" decoding="async" />
      </picture>
    );
  }
  return <img className={className} src={src} alt={alt} loading="lazy" decoding="async" />;
}
