/*
 * The driver app's service worker (issue 31), registered by the /driver page with JavaScript, for
 * the scope /driver only (the driver's day and its `.data`; the job links, the office and the
 * public site are never seen here). It keeps the day readable offline, nothing more:
 * - the /driver document and its data: network first; a good answer (200, the driver's own, not a
 *   redirect to the sign-in) replaces the kept copy; with no network the kept copy is answered,
 *   marked with the time it was kept (X-Driver-Kept-At). A redirect (signed out) drops the copy.
 * - the hashed build files the page loaded (/assets/…): kept, answered from the copy first
 *   (they never change under one name), so the kept page still hydrates offline.
 * - nothing else: no other page, no POST, no job link, no admin page is answered or kept.
 * The cache is named with VERSION; activating a new version deletes the others. The page's
 * sign-out deletes them too (a shared phone).
 */
const VERSION = "v1";
const PREFIX = "driver-app-";
const CACHE = PREFIX + VERSION;
const DAY = "/driver";
const KEPT_AT = "X-Driver-Kept-At";

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

/** The driver's day, document or data, as one key each whatever the query (?lng=…). */
function dayKey(url) {
  if (url.origin !== self.location.origin) return null;
  if (url.pathname === DAY || url.pathname === DAY + "/") return DAY;
  if (url.pathname === DAY + ".data") return DAY + ".data";
  return null;
}

const isAsset = (url) => url.origin === self.location.origin && url.pathname.startsWith("/assets/");

/** A copy of `response` marked with when it was kept. */
async function marked(response) {
  const headers = new Headers(response.headers);
  headers.set(KEPT_AT, new Date().toISOString());
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}

/** Whether an answer of the day may be kept: the page itself, not a sign-in redirect or an error. */
const keepable = (response) => response.status === 200 && response.type === "basic" && !response.redirected;

async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  let response;
  try {
    response = await fetch(request);
  } catch (offline) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw offline;
  }
  if (keepable(response)) await cache.put(key, await marked(response.clone()));
  // signed out (a redirect to the sign-in) or refused: the kept day is no one's to read any more
  else if (response.type === "opaqueredirect" || response.redirected || response.status === 401 || response.status === 403) await cache.delete(key);
  return response;
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request.url);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.status === 200 && response.type === "basic") await cache.put(request.url, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  const key = dayKey(url);
  if (key) {
    event.respondWith(networkFirst(request, key));
    return;
  }
  if (isAsset(url)) event.respondWith(cacheFirst(request));
});

/**
 * The page says which build files it loaded: they are kept, those of an older build dropped. A
 * page loaded before this worker took it over (its first visit) asks for the day to be fetched
 * once more and kept. Answers on the message's port whether the day is kept.
 */
self.addEventListener("message", (event) => {
  const data = event.data || {};
  const port = event.ports && event.ports[0];
  if (data.type === "forget") {
    event.waitUntil(
      caches
        .keys()
        .then((names) => Promise.all(names.filter((n) => n.startsWith(PREFIX)).map((n) => caches.delete(n))))
        .then(() => port && port.postMessage({ forgotten: true })),
    );
    return;
  }
  if (data.type !== "keep") return;
  const assets = (Array.isArray(data.assets) ? data.assets : [])
    .map((a) => new URL(a, self.location.origin))
    .filter(isAsset)
    .map((u) => u.href);
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // a page this worker answered is kept already; one loaded before it is fetched again
      if (data.fetchDay) {
        try {
          const response = await fetch(DAY, { credentials: "same-origin", redirect: "manual" });
          if (keepable(response)) await cache.put(DAY, await marked(response));
          else await cache.delete(DAY);
        } catch {
          // offline already: what is kept stays
        }
      }
      const kept = Boolean(await cache.match(DAY));
      const wanted = new Set(assets);
      for (const request of await cache.keys()) {
        if (isAsset(new URL(request.url)) && !wanted.has(request.url)) await cache.delete(request);
      }
      await Promise.all(
        assets.map(async (href) => {
          if (await cache.match(href)) return;
          const response = await fetch(href).catch(() => null);
          if (response && response.status === 200) await cache.put(href, response);
        }),
      );
      if (port) port.postMessage({ kept });
    })(),
  );
});
