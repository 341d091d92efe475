// Per-request security headers for pages: a fresh nonce for the Content-Security-Policy (Next.js
// reads it from the request's CSP header and puts it on its own scripts), frame-ancestors 'none',
// and HSTS over https. API routes set their own caching and sandbox headers.
import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy, STRICT_TRANSPORT_SECURITY } from "./server/web/domain/security-headers";
import { requestIsSecure } from "./server/web/request-secure";

export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64");
  const https = requestIsSecure(request.headers, request.url);
  const csp = contentSecurityPolicy(nonce, https);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  if (https) response.headers.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
  return response;
}

export const config = {
  matcher: [{ source: "/((?!api|_next/static|_next/image|icon.svg).*)" }],
};
