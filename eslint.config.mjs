import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: ["node_modules/**", ".next/**", "lib/generated/**", "test-results/**", "playwright-report/**", ".data/**", "next-env.d.ts"] },
];

export default config;
