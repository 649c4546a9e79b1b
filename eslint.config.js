import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "public/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  // The booking module's walls (issue 27, docs/decisions/007-booking-module-front-door.md): from outside,
  // only its front door and its pure rules; inside, no delivery code (React, routes, the admin's
  // UI, HTTP); its rules stay browser-safe (no server modules, no Node built-ins).
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    ignores: ["app/booking/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^~/booking/(?!index\\.server$|rules/[\\w.-]+$)",
              message: "Outside app/booking, import the booking module through its front door (~/booking/index.server) or its pure rules (~/booking/rules/*).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/booking/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: ["react", "react-dom", "react-router", "~/i18n/react", "~/server/api"].map((name) => ({
            name,
            message: "The booking module holds no delivery code: React, HTTP answers and routes live outside it.",
            allowTypeImports: true,
          })),
          patterns: [
            {
              regex: "^(~/(routes|components|admin/ui|server/http)/|.*\\.tsx$)",
              message: "The booking module holds no delivery code: React, HTTP answers and routes live outside it.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/booking/rules/**/*.ts"],
    ignores: ["app/booking/rules/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: ["react", "react-dom", "react-router", "~/i18n/react", "~/server/api"].map((name) => ({ name, message: "Rules are pure.", allowTypeImports: true })),
          patterns: [
            {
              regex: "(\\.server$|^node:|^\\.\\./|^~/booking/(?!rules/))",
              message: "Rules are pure and browser-safe: no server modules, no Node built-ins, nothing of the booking module outside rules/.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  // The booking tables belong to the booking module: elsewhere in the app, no statement names them
  // (ask the module's front door; the store answers).
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/booking/**", "app/server/db/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.property.name=/^(selectFrom|updateTable|insertInto|deleteFrom|replaceInto|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin)$/][arguments.0.value=/^(bookings|booking_legs|booking_events|booking_counts|customers|quote_requests|payments|cash_closings|receipts)(\\s|$)/]",
          message: "The booking tables are the booking module's: ask its front door (~/booking/index.server), whose store reads and writes them.",
        },
      ],
    },
  },
  // Inside the module too, only the store names them: the commands call its functions (issue 27).
  {
    files: ["app/booking/**/*.{ts,tsx}"],
    ignores: ["app/booking/store/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.property.name=/^(selectFrom|updateTable|insertInto|deleteFrom|replaceInto|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin)$/][arguments.0.value=/^(bookings|booking_legs|booking_events|booking_counts|customers|quote_requests|payments|cash_closings|receipts)(\\s|$)/]",
          message: "Only the booking module's store (app/booking/store/) names the booking tables: call one of its functions, or add one there.",
        },
      ],
    },
  },
  {
    files: ["server.js", "scripts/**", "bench/**", "db/seed/**", "tests/**"],
    rules: { "no-console": "off" },
  },
);
