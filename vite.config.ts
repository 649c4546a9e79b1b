import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    // The server bundle's entry is our Express app, which imports the router build.
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
    target: "es2022",
    // The browser's bundle is minified by terser: a few KB smaller than esbuild's output on the
    // library chunks (React DOM, React Router, i18next), for a slower build. Further compress
    // passes or unsafe options saved under 0.1 KB. The server bundle stays unminified.
    minify: isSsrBuild ? false : "terser",
    terserOptions: { ecma: 2020, module: true, compress: { passes: 2 } },
  },
  ssr: {
    // Native and server-only packages stay external.
    external: ["better-sqlite3", "pg", "sharp", "@node-rs/argon2", "pino", "nodemailer", "pdfkit", "iyzipay", "stripe"],
  },
  resolve: {
    alias: [
      { find: "~", replacement: new URL("./app", import.meta.url).pathname },
      // React's own hook instead of the pre-18 shim react-i18next imports (app/utils/use-sync-external-store-shim.ts).
      { find: /^use-sync-external-store\/shim$/, replacement: new URL("./app/utils/use-sync-external-store-shim.ts", import.meta.url).pathname },
    ],
  },
  plugins: [tailwindcss(), reactRouter()],
}));
