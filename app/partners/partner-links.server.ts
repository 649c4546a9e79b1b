/**
 * A partner's deep link and embeddable search form (issue 33): both carry `?partner=CODE`, which
 * the site keeps in a cookie (attribution.server.ts) so the bookings made from them are the
 * partner's at its commission. The form is plain HTML (no script, no frame): it opens our results
 * page in a new tab from any website, labelled in the partner's language with the site's own texts.
 */
import { translatorFor } from "~/i18n/i18next.server";

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function partnerLinks(baseUrl: string, code: string, lng: string): { link: string; embed: string } {
  const base = baseUrl.replace(/\/$/, "");
  const t = translatorFor(lng, "booking");
  const field = (name: string, label: string, attrs: string) => `  <label>${escape(label)}<br><input name="${name}" ${attrs}></label><br>`;
  const embed = [
    `<form action="${escape(base)}/booking-results" method="get" target="_blank" accept-charset="utf-8">`,
    `  <input type="hidden" name="partner" value="${escape(code)}">`,
    `  <input type="hidden" name="lng" value="${escape(lng)}">`,
    `  <input type="hidden" name="tripType" value="oneWay">`,
    field("pickup", t("form.pickup"), `required placeholder="${escape(t("form.locationPlaceholder"))}"`),
    field("dropoff", t("form.dropoff"), `required placeholder="${escape(t("form.locationPlaceholder"))}"`),
    field("date", t("form.date"), `type="date" required`),
    field("time", t("form.time"), `type="time" required`),
    field("passengers", t("form.passengers"), `type="number" min="1" max="50" value="2" required`),
    `  <button type="submit">${escape(t("form.search"))}</button>`,
    `</form>`,
  ].join("\n");
  return { link: `${base}/?partner=${encodeURIComponent(code)}&lng=${encodeURIComponent(lng)}`, embed };
}
