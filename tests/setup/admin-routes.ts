/**
 * The back office's attack surface, read from THE route table (app/routes.ts) so that a new route
 * is checked the day it is added:
 * - every route inside the admin layout (routes/admin/layout.tsx), and the layout itself;
 * - every /api route, EXCEPT the public ones listed in PUBLIC_API below.
 *
 * To add a public API endpoint, list it here with the methods that are open, and say why.
 * Everything else under /api is treated as an admin endpoint: it must answer 401 without a
 * (live, verified) session and 403 for a non-admin account, for every method.
 */
import routes from "../../app/routes";

interface RouteEntry {
  path?: string;
  file: string;
  index?: boolean;
  children?: RouteEntry[];
}

export const ADMIN_LAYOUT = "routes/admin/layout.tsx";

/** Public /api endpoints and the methods open to anyone. "*" = every method. */
export const PUBLIC_API: Record<string, readonly string[]> = {
  "api/cars": ["GET"], // the public fleet (an admin gets more, with the same guard)
  "api/cars/:id": ["GET"], // one active car for the public site (an admin gets any car)
  "api/places": ["*"], // place search for the booking form
  "api/routes": ["*"], // route distance for the booking form
  "api/quotes": ["*"], // prices for the booking form
  "api/extras": ["GET"], // the extras offered on the booking form
  "api/bookings": ["POST"], // the public booking form
  "api/quote-requests": ["POST"], // a trip the site could not price, sent to the office (issue 29)
  "api/auth/login": ["*"], // signing in
  "api/auth/session": ["*"], // answers 401 without a session by itself
  "api/auth/logout": ["*"], // ends whatever session the caller holds
  "api/openapi.json": ["*"], // the API description
  "api/webhooks/whatsapp": ["*"], // Meta's delivery reports: signed with the app secret, not a session
  "api/webhooks/sms": ["*"], // the SMS gateway's delivery reports: signed with its auth token, not a session
  "api/webhooks/iyzico": ["*"], // iyzico's payment notices: signed with the secret key, and only name a checkout read again from iyzico
  "api/webhooks/stripe": ["*"], // Stripe's events: signed with the endpoint's secret, and only name a checkout read again from Stripe
  "api/*": ["*"], // the JSON 404
};

export interface GuardedRoute {
  /** URL path with :params replaced by a dummy id */
  url: string;
  pattern: string;
  file: string;
  /** methods that must be refused */
  methods: string[];
}

const DUMMY_ID = "00000000-0000-4000-8000-000000000000";
const toUrl = (pattern: string) => `/${pattern.replace(/:[\w]+/g, DUMMY_ID)}`.replace(/\/+$/, "") || "/";

function walk(entries: RouteEntry[], visit: (entry: RouteEntry, insideAdmin: boolean) => void, insideAdmin = false) {
  for (const entry of entries) {
    const inside = insideAdmin || entry.file === ADMIN_LAYOUT;
    visit(entry, inside);
    if (entry.children) walk(entry.children, visit, inside);
  }
}

/** The layout files above a route module in the route table, outermost first. */
export function ancestorFiles(file: string): string[] {
  const find = (entries: RouteEntry[], above: string[]): string[] | undefined => {
    for (const entry of entries) {
      if (entry.file === file) return above;
      const found = entry.children && find(entry.children, [...above, entry.file]);
      if (found) return found;
    }
    return undefined;
  };
  return find(routes as RouteEntry[], []) ?? [];
}

/** Admin pages: GET and POST must send a stranger to the login. */
export function adminPageRoutes(): GuardedRoute[] {
  const found: GuardedRoute[] = [];
  walk(routes as RouteEntry[], (entry, inside) => {
    if (!inside) return;
    const pattern = entry.path ?? "admin";
    found.push({ url: toUrl(pattern), pattern, file: entry.file, methods: ["GET", "POST"] });
  });
  return found;
}

/** Admin API endpoints: every /api route minus the public methods above. */
export function adminApiRoutes(): GuardedRoute[] {
  const found: GuardedRoute[] = [];
  walk(routes as RouteEntry[], (entry) => {
    if (!entry.path?.startsWith("api/") && entry.path !== "api") return;
    const open = PUBLIC_API[entry.path] ?? [];
    if (open.includes("*")) return;
    const methods = ["GET", "POST", "PUT", "PATCH", "DELETE"].filter((m) => !open.includes(m));
    found.push({ url: toUrl(entry.path), pattern: entry.path, file: entry.file, methods });
  });
  return found;
}
