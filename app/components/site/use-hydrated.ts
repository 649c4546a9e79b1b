import { useSyncExternalStore } from "react";

const noop = () => () => {};

/** true once React runs in the browser (false in the server's HTML and during hydration). */
export function useHydrated(): boolean {
  return useSyncExternalStore(noop, () => true, () => false);
}
