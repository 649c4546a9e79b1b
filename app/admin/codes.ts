/**
 * Code tables of the back office: the catalogue keys (app/i18n/problem.ts) one module can return,
 * written once as `section` + names, so a table reads `AUTH.loginFailed` and the codes are
 * `"admin:auth.messages.loginFailed"`. app/admin/catalogues.test.ts checks every code of every
 * table exists in the four admin catalogues. Pure, shared by server and browser.
 */
export type AdminCodeTable<S extends string, K extends string> = { readonly [P in K]: `admin:${S}.${P}` };

export function adminCodes<const S extends string, const K extends string>(section: S, names: readonly K[]): AdminCodeTable<S, K> {
  return Object.fromEntries(names.map((name) => [name, `admin:${section}.${name}`])) as AdminCodeTable<S, K>;
}

/** What any JSON endpoint of the back office may say about the request itself. */
export const REQUEST = adminCodes("ui", ["badJson", "idempotencyKeyFormat", "invalidValue"]);
