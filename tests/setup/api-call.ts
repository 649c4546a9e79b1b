/**
 * Calls a route module's loader or action as React Router would, with a JSON body and a bearer
 * token, and reads the answer's status and `{ success, data | error }` envelope (thrown answers,
 * such as a guard's 401/403, included).
 */
import type { RouterContextProvider } from "react-router";

export interface ApiAnswer<T = unknown> {
  status: number;
  headers: Headers;
  body: {
    success: boolean;
    data?: T;
    error?: { code: string; message: string; reason?: string; fields?: Record<string, string[]>; fieldCodes?: Record<string, string[]> };
  };
}

export interface ApiCallOptions {
  body?: unknown;
  /** the bearer token; none: a stranger */
  token?: string;
  params?: Record<string, string>;
  headers?: Record<string, string>;
}

export async function callRoute<T = unknown>(
  handler: (args: never) => unknown,
  context: RouterContextProvider,
  method: string,
  path: string,
  options: ApiCallOptions = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const request = new Request(`http://localhost${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body),
  });
  const read = async (result: unknown): Promise<ApiAnswer<T>> => {
    if (result instanceof Response) {
      const text = await result.text();
      return { status: result.status, headers: result.headers, body: (text.startsWith("{") ? JSON.parse(text) : { success: false, text }) as ApiAnswer<T>["body"] };
    }
    const r = result as { init?: { status?: number; headers?: HeadersInit }; data: ApiAnswer<T>["body"] };
    return { status: r.init?.status ?? 200, headers: new Headers(r.init?.headers), body: r.data };
  };
  try {
    const result = await handler({ request, context, params: options.params ?? {} } as never);
    return read(result);
  } catch (thrown) {
    // a guard's answer (401/403, thrown by React Router's convention); anything else is a real failure
    if (!(thrown instanceof Response) && !(thrown && typeof thrown === "object" && "init" in thrown)) throw thrown;
    return read(thrown);
  }
}
