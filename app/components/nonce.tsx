/**
 * The CSP nonce of this response (app/server/http/csp.ts), handed from entry.server.tsx to the
 * scripts root.tsx renders. In the browser it is empty: the nonce only matters in the server's HTML.
 */
import { createContext, useContext } from "react";

const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export const useNonce = () => useContext(NonceContext);
