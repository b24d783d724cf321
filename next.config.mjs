/** @type {import('next').NextConfig} */
const nextConfig = {
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
  ],
};

export default nextConfig;
