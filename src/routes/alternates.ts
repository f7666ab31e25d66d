// The language versions of a page, as the head and the sitemap list them (hreflang).
// Dependency-free: the theme imports it too, and both must name the same x-default.

/**
 * The page a reader whose language none of `alternates` is should get (hreflang
 * "x-default"): the default locale's, else the first one listed.
 */
export function xDefaultUrl(alternates: readonly { locale: string; url: string }[], defaultLocale: string): string | undefined {
  return (alternates.find((a) => a.locale === defaultLocale) ?? alternates[0])?.url;
}
