// The headers every page carries. Scripts run only with this response's nonce ('strict-dynamic'
// lets those scripts load Next.js's chunks), never inline without it, never from elsewhere. Styles
// may be inline: React and recharts set style attributes, and a style cannot run code. Nothing
// may frame Verdict; over https, browsers are told to use https from then on.

export function contentSecurityPolicy(nonce: string, https: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    // data: and blob: for the chart downloads, which draw an SVG into a canvas.
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";
