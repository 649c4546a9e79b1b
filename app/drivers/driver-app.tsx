/**
 * The driver app (issue 31): /driver installs on a phone's home screen (public/driver.webmanifest,
 * scope /driver, start /driver) and, with JavaScript, registers the service worker that keeps the
 * day readable offline (public/driver-sw.js). The job links (/job/:token) stay outside the app's
 * scope: they open as they always did, from the day's list or a message, with or without JavaScript.
 * Also what the day and the job sheet show of a leg's news: "Yeni", "Değişti" and the changed lines.
 */
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "~/i18n/react";
import { DRIVER_WORKER_PATH } from "~/server/http/csp";
import type { ChangeLine, LegNewsView } from "./job.server";

/** The app's scope: the driver's day and its data (`/driver.data`), nothing else of the site. */
export const DRIVER_APP_SCOPE = "/driver";
/** The service worker's caches are named with this prefix (driver-sw.js). */
const CACHE_PREFIX = "driver-app-";

/** The /driver page's `links`: the manifest and the home-screen icon (only the driver's pages have them). */
export const DRIVER_APP_LINKS = [
  { rel: "manifest", href: "/driver.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/driver-apple-180.png" },
];

/** The /driver page's extra `meta`: the app's title on an iPhone's home screen. */
export const DRIVER_APP_META = [
  { name: "mobile-web-app-capable", content: "yes" },
  { name: "apple-mobile-web-app-title", content: "Seferlerim" },
];

/** A kept copy older than this, or no network at all, is said to be one. */
const STALE_MS = 5 * 60_000;

/**
 * Registers the worker and hands it what this page loaded (a first visit loads before the worker
 * runs), and tells whether the page on screen is the kept copy: the phone is offline, or the page
 * was made well before it came to life. `renderedAt`: when the server made the page (ISO).
 */
export function useDriverApp(renderedAt: string): { offline: boolean } {
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    const check = () => setOffline(!navigator.onLine || Date.now() - Date.parse(renderedAt) > STALE_MS);
    check();
    window.addEventListener("online", check);
    window.addEventListener("offline", check);
    return () => {
      window.removeEventListener("online", check);
      window.removeEventListener("offline", check);
    };
  }, [renderedAt]);
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    let stopped = false;
    // a page the worker did not answer (the first visit) is not kept yet
    const fetchDay = !navigator.serviceWorker.controller;
    navigator.serviceWorker
      .register(DRIVER_WORKER_PATH, { scope: DRIVER_APP_SCOPE })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        if (stopped || !registration.active || !navigator.onLine) return;
        const assets = performance
          .getEntriesByType("resource")
          .map((entry) => entry.name)
          .filter((name) => name.startsWith(`${location.origin}/assets/`));
        const channel = new MessageChannel();
        // a plain signal that the day is kept (the end-to-end test waits for it)
        channel.port1.onmessage = (event: MessageEvent<{ kept?: boolean }>) => {
          if (event.data.kept) document.documentElement.dataset.driverKept = "true";
        };
        registration.active.postMessage({ type: "keep", assets, fetchDay }, [channel.port2]);
      })
      .catch(() => {
        // no worker (a private window, an old browser): the page works as it did
      });
    return () => {
      stopped = true;
    };
  }, []);
  return { offline };
}

/** "Çevrimdışı — 14:32 itibarıyla gösteriliyor". `asOf`: the time the page was made, "14:32". */
export function OfflineBanner({ asOf }: { asOf: string }) {
  const { t } = useTranslation("driver");
  return (
    <p role="status" data-testid="driver-offline" className="mt-4 rounded-lg bg-amber-100 px-4 py-3 font-semibold text-amber-950">
      {t("trips.offline", { time: asOf })}
    </p>
  );
}

/**
 * The sign-out form's submit: with JavaScript, the kept day is deleted first (a phone the drivers
 * share must not show the last one's list offline), then the form goes as it would without it.
 */
export function forgetThenSignOut(event: FormEvent<HTMLFormElement>) {
  const form = event.currentTarget;
  if (form.dataset.forgotten === "1" || typeof caches === "undefined") return;
  event.preventDefault();
  const send = () => {
    form.dataset.forgotten = "1";
    form.submit();
  };
  const guard = window.setTimeout(send, 2000);
  caches
    .keys()
    .then((names) => Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX)).map((name) => caches.delete(name))))
    .catch(() => undefined)
    .finally(() => {
      window.clearTimeout(guard);
      send();
    });
}

/** The "Yeni" / "Değişti" badge of a leg. */
export function NewsBadge({ news }: { news: LegNewsView }) {
  const { t } = useTranslation("driver");
  if (!news) return null;
  return (
    <span
      data-testid="trip-news"
      data-kind={news.kind}
      className={`inline-flex rounded-full px-3 py-1 text-sm font-bold ${news.kind === "new" ? "bg-sky-100 text-sky-950" : "bg-amber-100 text-amber-950"}`}
    >
      {t(news.kind === "new" ? "trips.new" : "trips.changed")}
    </span>
  );
}

/** The changed lines of a leg: "Alış saati: 14:00 → 15:30". */
export function ChangeLines({ lines }: { lines: ChangeLine[] }) {
  const { t } = useTranslation("driver");
  return (
    <ul className="mt-2 space-y-1 text-sm" data-testid="trip-changes">
      {lines.map((line) => (
        <li key={line.field} className="break-words">
          <span className="font-semibold">{t(`news.fields.${line.field}`)}:</span> <del className="text-slate-600 dark:text-slate-300">{line.from}</del> →{" "}
          <ins className="font-semibold no-underline">{line.to}</ins>
        </li>
      ))}
    </ul>
  );
}

/** The top of a job sheet with news: new to the driver, or what changed since they last opened it. */
export function JobNews({ news }: { news: LegNewsView }) {
  const { t } = useTranslation("driver");
  if (!news) return null;
  return (
    <section
      aria-label={t(news.kind === "new" ? "trips.new" : "news.title")}
      data-testid="job-news"
      className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <p className="font-semibold">
        <NewsBadge news={news} /> {news.kind === "new" ? t("news.newText") : t("news.title")}
      </p>
      {news.kind === "changed" ? <ChangeLines lines={news.lines} /> : null}
    </section>
  );
}
