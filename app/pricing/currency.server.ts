/**
 * The visitor's currency, chosen like the language: `?cur=EUR` switches and is kept in a cookie
 * (a year), else the cookie, else euros (lira for a Turkish reader). Prices are still charged in
 * lira; the currency only decides how they are shown (currency.ts).
 */
import { createCookie, type MiddlewareFunction } from "react-router";
import { defaultCurrencyFor, isCurrency, type Currency } from "./currency";

export const currencyCookie = createCookie("cur", { path: "/", sameSite: "lax", httpOnly: false, maxAge: 60 * 60 * 24 * 365 });

/** The currency a request asks for: `?cur=`, then the cookie, then the language's default. */
export async function currencyOf(request: Request, language: string): Promise<Currency> {
  const asked = new URL(request.url).searchParams.get("cur")?.toUpperCase();
  if (isCurrency(asked)) return asked;
  const kept: unknown = await currencyCookie.parse(request.headers.get("Cookie")).catch(() => null);
  return isCurrency(kept) ? kept : defaultCurrencyFor(language);
}

/** Keeps an explicit `?cur=` choice in the cookie so it survives the next visit. */
export const persistCurrencyMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  const asked = new URL(request.url).searchParams.get("cur")?.toUpperCase();
  if (isCurrency(asked)) response.headers.append("Set-Cookie", await currencyCookie.serialize(asked));
  return response;
};
