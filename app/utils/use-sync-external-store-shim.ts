/**
 * Stands in for the `use-sync-external-store/shim` package in the browser bundle (vite.config.ts):
 * react-i18next imports it for React 17 and older, and React 19 has the hook itself, which the
 * shim hands out anyway. Saves the shim's code on every page.
 */
export { useSyncExternalStore } from "react";
