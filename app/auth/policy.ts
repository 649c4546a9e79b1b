/**
 * Who may do what (DESIGN.md §3, issue 15): the one place roles are decided, for every page,
 * form post, export and /api call. Pure, so the route × role matrix test reads the same table the
 * server enforces.
 *
 * - `admin`: everything;
 * - `dispatcher`: bookings, the dispatch board, drivers, messages, cars (read, status and
 *   maintenance), partners (read); no settings, users, audit log, partners' terms or deletions;
 * - `driver`: only their own trips, through /driver;
 * - `partner`: a partner's user (issue 33), only their partner's bookings, through /partner.
 *
 * Pages under the back office's layout are checked by its middleware (app/auth/guard.server.ts)
 * against `ADMIN_PAGES` by the matched route pattern and the request's method; an action that
 * does more than its page's write permission (a delete, a car's price) checks `can` again for that
 * intent. API routes call `requireApi(request, context, permission)` with the permission
 * `API_ROUTES` lists for their method.
 */
import { USER_ROLES, type UserRole } from "~/server/db/schema";

export const PERMISSIONS = [
  /** own profile, password, two-factor, theme, notifications, sign-out */
  "account",
  "dashboard",
  "search",
  "bookings.read",
  /** status, edit, driver and car assignment, CSV export */
  "bookings.write",
  "bookings.delete",
  /** money: record what the office received or gave back (issue 30) */
  "payments.write",
  /** the guests the office knows: list, page, notes (issue 29) */
  "customers",
  /** a guest's KVKK export and erasure */
  "customers.privacy",
  "dispatch",
  /** drivers' cash: each driver's day and its closing with a count (issue 30) */
  "cash",
  "drivers.read",
  "drivers.write",
  "drivers.delete",
  /** partners (issue 33): hotels, agencies, tour operators, resellers; their rules and terms */
  "partners.read",
  "partners.write",
  "messages",
  "messages.delete",
  "subscribers",
  "cars.read",
  /** a car's status and maintenance window */
  "cars.status",
  /** everything else about a car: create, name, rates, photos */
  "cars.write",
  "cars.delete",
  /** settings, pricing, routes, extras, distances, the outbox */
  "settings",
  "users",
  "audit",
  /** the month in numbers (issue 34): revenue, cancellations, occupancy, drivers' payouts; the owner's view */
  "reports",
  /** the driver's own trips at /driver */
  "trips.own",
  /** a partner user's portal at /partner (issue 33): their partner's bookings, keys, webhooks, statements */
  "portal.own",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const DISPATCHER: readonly Permission[] = [
  "account",
  "dashboard",
  "search",
  "bookings.read",
  "bookings.write",
  "customers",
  "dispatch",
  "cash",
  "drivers.read",
  "drivers.write",
  "partners.read",
  "messages",
  "cars.read",
  "cars.status",
];

const GRANTS: Record<UserRole, ReadonlySet<Permission>> = {
  admin: new Set(PERMISSIONS.filter((p) => p !== "trips.own" && p !== "portal.own")),
  dispatcher: new Set(DISPATCHER),
  driver: new Set<Permission>(["trips.own"]),
  partner: new Set<Permission>(["portal.own"]),
};

export const isUserRole = (value: unknown): value is UserRole => typeof value === "string" && (USER_ROLES as readonly string[]).includes(value);

/** Whether a role may do this. An unknown role may do nothing. */
export function can(role: string, permission: Permission): boolean {
  return isUserRole(role) && GRANTS[role].has(permission);
}

/** What a back-office page needs to be read (GET/HEAD) and posted to (any other method). */
export interface PageRule {
  read: Permission;
  write: Permission;
}

const page = (read: Permission, write: Permission = read): PageRule => ({ read, write });

/**
 * Every route pattern under the back office's guarded layout (app/routes.ts). A pattern missing
 * here is refused to everyone: the matrix test fails on it before it ships.
 */
export const ADMIN_PAGES: Readonly<Record<string, PageRule>> = {
  "/admin": page("account"),
  "/admin/dashboard": page("dashboard"),
  // the month in numbers (issue 34): admins (the owner's view of revenue and payouts)
  "/admin/reports": page("reports"),
  "/admin/reports/export": page("reports"),
  "/admin/settings": page("settings"),
  "/admin/settings/two-factor": page("account"),
  "/admin/profile": page("account"),
  "/admin/notifications": page("account"),
  "/admin/search": page("search"),
  "/admin/theme": page("account"),
  "/admin/bookings": page("bookings.read", "bookings.write"),
  "/admin/bookings/export": page("bookings.read"),
  "/admin/bookings/new": page("bookings.write"),
  "/admin/bookings/:id": page("bookings.read", "bookings.write"),
  "/admin/bookings/:id/receipts/:number": page("bookings.read"),
  "/admin/bookings/:id/no-show-evidence": page("bookings.read"),
  "/admin/quote-requests": page("bookings.read", "bookings.write"),
  "/admin/quote-requests/:id": page("bookings.read", "bookings.write"),
  "/admin/customers": page("customers"),
  "/admin/customers/:id": page("customers"),
  "/admin/customers/:id/export": page("customers.privacy"),
  "/admin/dispatch": page("dispatch"),
  "/admin/dispatch/print": page("dispatch"),
  "/admin/cash": page("cash"),
  // the accountant's month of payments (issue 30): admins
  "/admin/payments/export": page("payments.write"),
  "/admin/cars": page("cars.read", "cars.status"),
  "/admin/cars/add": page("cars.write"),
  "/admin/cars/edit/:id": page("cars.read", "cars.status"),
  // a car's documents that expire (issue 34): kept up to date by whoever keeps its status and maintenance
  "/admin/cars/:id/documents": page("cars.read", "cars.status"),
  "/admin/cars/:id/documents/:kind": page("cars.read"),
  "/admin/drivers": page("drivers.read", "drivers.write"),
  "/admin/drivers/add": page("drivers.write"),
  "/admin/drivers/edit/:id": page("drivers.read", "drivers.write"),
  "/admin/drivers/:id/documents": page("drivers.read", "drivers.write"),
  "/admin/drivers/:id/documents/:kind": page("drivers.read"),
  // a driver's weekly hours and leave (issue 34): as the driver's record
  "/admin/drivers/:id/shifts": page("drivers.read", "drivers.write"),
  // partners (issue 33): the dispatcher sees who sold a booking; admins set rules and terms
  "/admin/partners": page("partners.read", "partners.write"),
  "/admin/partners/new": page("partners.write"),
  "/admin/partners/:id": page("partners.read", "partners.write"),
  // a partner's portal users and its link and embeddable form (issue 33)
  "/admin/partners/:id/users": page("partners.read", "partners.write"),
  // a partner's net rates (the "net" rule): read by whoever reads partners, set by admins
  "/admin/partners/:id/rates": page("partners.read", "partners.write"),
  // a partner's monthly statements: read by whoever reads partners; marked paid (and undone) by admins
  "/admin/partners/:id/statements": page("partners.read", "partners.write"),
  "/admin/partners/:id/statements/:file": page("partners.read"),
  "/admin/partners/:id/webhooks": page("partners.read", "partners.write"),
  "/admin/messages": page("messages"),
  "/admin/subscribers": page("subscribers"),
  "/admin/subscribers/export": page("subscribers"),
  "/admin/outbox": page("settings"),
  "/admin/distances": page("settings"),
  "/admin/routes": page("settings"),
  "/admin/extras": page("settings"),
  "/admin/pricing": page("settings"),
  "/admin/users": page("users"),
  "/admin/audit": page("audit"),
  "/admin/audit/export": page("audit"),
};

/**
 * The back office's live streams (issue 31), outside its layout: a script opens them (EventSource),
 * so a refusal is a bare 401 (no live session) or 403 (a role without the permission), never a
 * redirect to a page it cannot show. The office's stream is for those who see the board.
 */
export const ADMIN_STREAMS: Readonly<Record<string, Permission>> = {
  "/admin/events": "dispatch",
};

/** The pages outside the back office that need a sign-in: the driver's trips (the job link needs only its token). */
export const DRIVER_PAGES: Readonly<Record<string, PageRule>> = {
  "/driver": page("trips.own"),
};

/** The partner portal's pages (issue 33): a partner's users only (its sign-in, invitation page and sign-out are open). */
export const PARTNER_PAGES: Readonly<Record<string, PageRule>> = {
  "/partner": page("portal.own"),
  "/partner/book": page("portal.own"),
  "/partner/bookings/:id": page("portal.own"),
  "/partner/statements": page("portal.own"),
  "/partner/statements/:file": page("portal.own"),
  "/partner/integration": page("portal.own"),
};

const READ_METHODS = new Set(["GET", "HEAD"]);

/** A route pattern as React Router joins it ("admin/cars/edit/:id") in the table's form ("/admin/cars/edit/:id"). */
export const normalizePattern = (pattern: string | undefined): string => `/${(pattern ?? "").replace(/^\/+|\/+$/g, "")}`;

/** The permission a request to a back-office page needs; undefined: the pattern is not a known page (refused). */
export function pagePermission(pattern: string, method: string): Permission | undefined {
  const rule = ADMIN_PAGES[normalizePattern(pattern)];
  if (!rule) return undefined;
  return READ_METHODS.has(method.toUpperCase()) ? rule.read : rule.write;
}

/** An /api route's rule per method: a permission, "public" (anyone) or "self" (any signed-in account, about itself). */
export type ApiRule = Permission | "public" | "self";

/**
 * Every /api route and method (app/routes.ts), as the routes enforce it. GET on a route that is
 * public but shows more to staff (cars) is "public" here; the extra fields need `cars.read`.
 */
export const API_ROUTES: Readonly<Record<string, Readonly<Record<string, ApiRule>>>> = {
  "/api/auth/login": { POST: "public" },
  "/api/auth/session": { GET: "self" },
  "/api/auth/logout": { POST: "public" },
  "/api/settings": { GET: "settings", PUT: "settings" },
  "/api/stats/dashboard": { GET: "dashboard" },
  "/api/notifications": { GET: "account", POST: "account" },
  "/api/cars": { GET: "public", POST: "cars.write" },
  "/api/places": { GET: "public" },
  "/api/routes": { POST: "public" },
  "/api/quotes": { POST: "public" },
  "/api/extras": { GET: "public" },
  // the providers' delivery reports: anyone may call, the signature decides (issue 16)
  "/api/webhooks/whatsapp": { GET: "public", POST: "public" },
  "/api/webhooks/sms": { POST: "public" },
  // the payment providers' notices: anyone may call, the signature and the provider's own answer decide (issue 30)
  "/api/webhooks/iyzico": { POST: "public" },
  "/api/webhooks/stripe": { POST: "public" },
  "/api/bookings": { POST: "public" },
  "/api/customers": { GET: "customers" },
  // anyone may ask (rate-limited); the office lists and answers them (issue 29)
  "/api/quote-requests": { GET: "bookings.read", POST: "public" },
  "/api/quote-requests/:id/offer": { POST: "bookings.write" },
  "/api/cars/:id": { GET: "public", PUT: "cars.status", PATCH: "cars.status", DELETE: "cars.delete" },
  "/api/bookings/:id": { GET: "bookings.read", PATCH: "bookings.write", DELETE: "bookings.delete" },
  "/api/bookings/:id/status": { PUT: "bookings.write" },
  "/api/bookings/:id/payments": { GET: "bookings.read", POST: "payments.write" },
  "/api/bookings/:id/legs/:leg": { PUT: "bookings.write", DELETE: "bookings.write" },
  "/api/drivers": { GET: "drivers.read", POST: "drivers.write" },
  "/api/drivers/:id": { GET: "drivers.read", PATCH: "drivers.write", DELETE: "drivers.delete" },
  "/api/partners": { GET: "partners.read", POST: "partners.write" },
  "/api/partners/:id": { GET: "partners.read", PATCH: "partners.write" },
  "/api/partners/:id/api-keys": { GET: "partners.write", POST: "partners.write" },
  "/api/partners/:id/api-keys/:key": { DELETE: "partners.write" },
  "/api/partners/:id/net-rates": { GET: "partners.read", PUT: "partners.write" },
  "/api/partners/:id/webhooks": { GET: "partners.write", POST: "partners.write" },
  "/api/partners/:id/webhooks/:webhook": { PATCH: "partners.write", DELETE: "partners.write" },
  "/api/partners/:id/webhooks/:webhook/deliveries": { GET: "partners.write" },
  "/api/partners/:id/webhooks/:webhook/deliveries/:delivery/replay": { POST: "partners.write" },
  "/api/files/upload": { POST: "cars.write" },
  "/api/files/upload-multiple": { POST: "cars.write" },
  "/api/openapi.json": { GET: "public" },
  "/api/*": {},
};

/** Where a signed-in account lands: the driver on their trips, staff on the dashboard. */
export function homeFor(role: string): string {
  if (can(role, "dashboard")) return "/admin/dashboard";
  if (can(role, "trips.own")) return "/driver";
  if (can(role, "portal.own")) return "/partner";
  return "/admin/login";
}

/** Whether the role may use the back office at all (its shell, notifications, profile). */
export const usesBackOffice = (role: string): boolean => can(role, "account");
