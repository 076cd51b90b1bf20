import { createContext, useContext } from "react";

/**
 * The per-request Content-Security-Policy nonce. The server renders it into every script tag; in
 * the browser it is not needed again (scripts are already trusted), so the default is undefined.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce() {
  return useContext(NonceContext);
}
