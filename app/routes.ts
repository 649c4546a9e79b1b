/**
 * Every URL of the product in one table: the public site, the back office and the JSON API.
 */
import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

// Served by server/app.ts before the router: /healthz (process up), /readyz (database answers),
// /uploads/* (stored images) and the built assets.
export default [
  // Public site (spec §2)
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("fleet", "routes/site/fleet.tsx"),
    route("services", "routes/site/services.tsx"),
    route("about", "routes/site/about.tsx"),
    route("contact", "routes/site/contact.tsx"),
    route("booking-results", "routes/site/booking-results.tsx"),
    route("my-booking/:token", "routes/site/my-booking.tsx"),
    // a trip the site cannot price, asked of the office; the office's offer, accepted from its link (issue 29)
    route("quote-request", "routes/site/quote-request.tsx"),
    route("offer/:token", "routes/site/offer.tsx"),
    route("privacy", "routes/site/privacy.tsx"),
    route("terms", "routes/site/terms.tsx"),
    // the partner portal (issue 33): a partner's users book for their guests and follow their bookings, in the site's languages
    ...prefix("partner", [
      index("routes/partner/index.tsx"),
      route("login", "routes/partner/login.tsx"),
      route("logout", "routes/partner/logout.ts"),
      route("welcome/:token", "routes/partner/welcome.$token.tsx"),
      route("book", "routes/partner/book.tsx"),
      route("bookings/:id", "routes/partner/bookings.$id.tsx"),
      route("statements", "routes/partner/statements.tsx"),
      route("statements/:file", "routes/partner/statements.$file.ts"),
      route("integration", "routes/partner/integration.tsx"),
    ]),
    route("*", "routes/site/not-found.tsx"),
  ]),

  // Drivers (issue 15): their trips behind a `driver` sign-in, and each leg's private job link (no sign-in)
  route("driver", "routes/driver/trips.tsx"),
  route("job/:token", "routes/driver/job.tsx"),

  // Public resource routes: the footer's newsletter form, search engines
  route("newsletter", "routes/site/newsletter.ts"),
  // The private link's calendar file (issue 16)
  route("my-booking/:token/calendar.ics", "routes/site/my-booking.calendar.ts"),
  route("my-booking/:token/receipts/:number", "routes/site/my-booking.receipt.ts"),
  // the guest back from a payment provider's page (a GET, or iyzico's form POST): the result is read from the provider (issue 30)
  route("payments/return/:id", "routes/site/payment-return.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("robots.txt", "routes/seo/robots.ts"),

  // Back office (spec §2), in Turkish. Every route inside the layout is behind its middleware (adminGuard).
  ...prefix("admin", [
    // sign-in pages (open)
    route("login", "routes/admin/login.tsx"),
    route("logout", "routes/admin/logout.tsx"),
    route("forgot-password", "routes/admin/forgot-password.tsx"),
    route("reset-password/:token", "routes/admin/reset-password.tsx"),
    route("two-factor", "routes/admin/two-factor.tsx"),
    route("setup-two-factor/:token", "routes/admin/setup-two-factor.tsx"),
    // the back office's live stream (issue 31): its own 401/403, since a script reads it (policy.ts ADMIN_STREAMS)
    route("events", "routes/admin/events.ts"),
    layout("routes/admin/layout.tsx", [
      // back-office pages
      index("routes/admin/index.tsx"),
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("reports", "routes/admin/reports.tsx"),
      route("reports/export", "routes/admin/reports.export.ts"),
      route("settings", "routes/admin/settings.tsx"),
      route("settings/two-factor", "routes/admin/settings-two-factor.tsx"),
      route("profile", "routes/admin/profile.tsx"),
      route("notifications", "routes/admin/notifications.tsx"),
      route("search", "routes/admin/search.tsx"),
      route("theme", "routes/admin/theme.ts"),
      route("bookings", "routes/admin/bookings.tsx"),
      route("bookings/export", "routes/admin/bookings.export.ts"),
      route("bookings/new", "routes/admin/bookings.new.tsx"),
      route("bookings/:id", "routes/admin/bookings.$id.tsx"),
      route("bookings/:id/receipts/:number", "routes/admin/bookings.$id.receipt.ts"),
      route("bookings/:id/no-show-evidence", "routes/admin/bookings.$id.no-show.ts"),
      route("quote-requests", "routes/admin/quote-requests.tsx"),
      route("quote-requests/:id", "routes/admin/quote-requests.$id.tsx"),
      route("customers", "routes/admin/customers.tsx"),
      route("customers/:id", "routes/admin/customers.$id.tsx"),
      route("customers/:id/export", "routes/admin/customers.$id.export.ts"),
      route("dispatch", "routes/admin/dispatch.tsx"),
      route("dispatch/print", "routes/admin/dispatch.print.tsx"),
      route("cash", "routes/admin/cash.tsx"),
      route("payments/export", "routes/admin/payments.export.ts"),
      route("cars", "routes/admin/cars.tsx"),
      route("cars/add", "routes/admin/cars.add.tsx"),
      route("cars/edit/:id", "routes/admin/cars.edit.$id.tsx"),
      // documents that expire (issue 34): dates and scans per car and per driver
      route("cars/:id/documents", "routes/admin/cars.$id.documents.tsx"),
      route("cars/:id/documents/:kind", "routes/admin/cars.$id.documents.$kind.ts"),
      route("messages", "routes/admin/messages.tsx"),
      route("subscribers", "routes/admin/subscribers.tsx"),
      route("subscribers/export", "routes/admin/subscribers.export.ts"),
      route("outbox", "routes/admin/outbox.tsx"),
      route("distances", "routes/admin/distances.tsx"),
      route("routes", "routes/admin/routes.tsx"),
      route("extras", "routes/admin/extras.tsx"),
      route("pricing", "routes/admin/pricing.tsx"),
      // staff, drivers and the audit log (issue 15)
      route("users", "routes/admin/users.tsx"),
      route("drivers", "routes/admin/drivers.tsx"),
      route("drivers/add", "routes/admin/drivers.add.tsx"),
      route("drivers/edit/:id", "routes/admin/drivers.edit.$id.tsx"),
      route("drivers/:id/documents", "routes/admin/drivers.$id.documents.tsx"),
      route("drivers/:id/documents/:kind", "routes/admin/drivers.$id.documents.$kind.ts"),
      route("drivers/:id/shifts", "routes/admin/drivers.$id.shifts.tsx"),
      // partners (issue 33)
      route("partners", "routes/admin/partners.tsx"),
      route("partners/new", "routes/admin/partners.new.tsx"),
      route("partners/:id", "routes/admin/partners.$id.tsx"),
      route("partners/:id/users", "routes/admin/partners.$id.users.tsx"),
      route("partners/:id/rates", "routes/admin/partners.$id.rates.tsx"),
      route("partners/:id/statements", "routes/admin/partners.$id.statements.tsx"),
      route("partners/:id/statements/:file", "routes/admin/partners.$id.statements.$file.ts"),
      route("partners/:id/webhooks", "routes/admin/partners.$id.webhooks.tsx"),
      route("audit", "routes/admin/audit.tsx"),
      route("audit/export", "routes/admin/audit.export.ts"),
    ]),
  ]),

  // JSON API (DESIGN.md §4)
  ...prefix("api", [
    route("auth/login", "routes/api/auth.login.ts"),
    route("auth/session", "routes/api/auth.session.ts"),
    route("auth/logout", "routes/api/auth.logout.ts"),
    route("settings", "routes/api/settings.ts"),
    route("stats/dashboard", "routes/api/stats.dashboard.ts"),
    route("notifications", "routes/api/notifications.ts"),
    route("cars", "routes/api/cars.ts"),
    route("places", "routes/api/places.ts"),
    route("routes", "routes/api/routes.ts"),
    route("quotes", "routes/api/quotes.ts"),
    route("extras", "routes/api/extras.ts"),
    route("bookings", "routes/api/bookings.ts"),
    route("customers", "routes/api/customers.ts"),
    route("quote-requests", "routes/api/quote-requests.ts"),
    route("quote-requests/:id/offer", "routes/api/quote-requests.$id.offer.ts"),
    route("cars/:id", "routes/api/cars.$id.ts"),
    route("bookings/:id", "routes/api/bookings.$id.ts"),
    route("bookings/:id/status", "routes/api/bookings.$id.status.ts"),
    route("bookings/:id/payments", "routes/api/bookings.$id.payments.ts"),
    route("bookings/:id/legs/:leg", "routes/api/bookings.$id.legs.$leg.ts"),
    route("drivers", "routes/api/drivers.ts"),
    route("drivers/:id", "routes/api/drivers.$id.ts"),
    route("partners", "routes/api/partners.ts"),
    route("partners/:id", "routes/api/partners.$id.ts"),
    route("partners/:id/api-keys", "routes/api/partners.$id.api-keys.ts"),
    route("partners/:id/api-keys/:key", "routes/api/partners.$id.api-keys.$key.ts"),
    route("partners/:id/net-rates", "routes/api/partners.$id.net-rates.ts"),
    // partners' webhooks (issue 33)
    route("partners/:id/webhooks", "routes/api/partners.$id.webhooks.ts"),
    route("partners/:id/webhooks/:webhook", "routes/api/partners.$id.webhooks.$webhook.ts"),
    route("partners/:id/webhooks/:webhook/deliveries", "routes/api/partners.$id.webhooks.$webhook.deliveries.ts"),
    route("partners/:id/webhooks/:webhook/deliveries/:delivery/replay", "routes/api/partners.$id.webhooks.$webhook.deliveries.$delivery.replay.ts"),
    route("files/upload", "routes/api/files.upload.ts"),
    route("files/upload-multiple", "routes/api/files.upload-multiple.ts"),
    route("webhooks/whatsapp", "routes/api/webhooks.whatsapp.ts"),
    route("webhooks/sms", "routes/api/webhooks.sms.ts"),
    // the payment providers' notices of a checkout (issue 30)
    route("webhooks/iyzico", "routes/api/webhooks.iyzico.ts"),
    route("webhooks/stripe", "routes/api/webhooks.stripe.ts"),
    route("openapi.json", "routes/api/openapi.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),
] satisfies RouteConfig;
