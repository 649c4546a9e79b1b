/**
 * The back office, live in the browser (issue 31): with JavaScript, the shell listens to
 * /admin/events (app/admin/live.server.ts) and, when bookings, their legs or the notices change,
 * loads the page's data again (React Router's revalidation: the board, the lists, the booking page
 * and the bell), without a reload and without touching what the reader is typing:
 * - changes close together make one refresh (debounced), and refreshes are at least 2 s apart;
 * - no refresh while a navigation, a form post or a fetcher is under way, while a field of a form has
 *   the focus, while a form the reader changed is still on the page unsent, or for a minute after a
 *   form post (a revalidation would clear its result): it waits, then runs;
 * - a hidden tab refreshes when shown again, and lets go of its stream after a minute hidden (a
 *   browser holds six connections per site over HTTP/1.1: idle tabs must not take them all);
 * - after a lost connection the browser reconnects by itself, and the page refreshes once then
 *   (what changed meanwhile was not heard); a refused stream (signed out) is tried again later.
 * Without JavaScript nothing of this runs: pages show what they loaded, and reload shows more.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { useFetchers, useLocation, useNavigation, useRevalidator } from "react-router";

/** off: no JavaScript or no board; connecting: first connection (nothing shown yet); held: a change waits for a form. */
export type LiveState = "off" | "connecting" | "live" | "held" | "lost";

const EVENTS_URL = "/admin/events";
const DEBOUNCE_MS = 300;
const MIN_GAP_MS = 2_000;
const BUSY_RETRY_MS = 1_000;
const HIDDEN_CLOSE_MS = 60_000;
const REFUSED_RETRY_MS = [15_000, 30_000, 60_000, 300_000];
/** How long a form post's result (a status, errors, a refusal asking for a reason) stays before a refresh may clear it. */
const RESULT_HOLD_MS = 60_000;

/** Forms the reader changed (an input or change event in them), until they are sent, reset or gone. */
function useTouchedForms() {
  const touched = useRef(new Set<HTMLFormElement>());
  const location = useLocation();
  useEffect(() => {
    const onInput = (event: Event) => {
      const form = (event.target as Partial<HTMLInputElement> | null)?.form;
      // a GET form (search, filters) changes no record: a refresh costs its reader nothing
      if (form && form.method !== "get") touched.current.add(form);
    };
    const onDone = (event: Event) => {
      if (event.target instanceof HTMLFormElement) touched.current.delete(event.target);
    };
    document.addEventListener("input", onInput, true);
    document.addEventListener("change", onInput, true);
    document.addEventListener("submit", onDone, true);
    document.addEventListener("reset", onDone, true);
    return () => {
      document.removeEventListener("input", onInput, true);
      document.removeEventListener("change", onInput, true);
      document.removeEventListener("submit", onDone, true);
      document.removeEventListener("reset", onDone, true);
    };
  }, []);
  // another page: its forms are new
  useEffect(() => touched.current.clear(), [location.pathname]);
  return () => {
    for (const form of touched.current) if (!form.isConnected) touched.current.delete(form);
    return touched.current.size > 0;
  };
}

/**
 * Whether a form post ended lately: its result is on the page as React Router's action data, which
 * a revalidation clears (the dispatcher's "Atama kaydedildi", a form's errors, an edit's refusal
 * asking for the override's reason). A refresh waits RESULT_HOLD_MS after the post.
 */
function useRecentPost() {
  const navigation = useNavigation();
  const posting = useRef(false);
  const endedAt = useRef(0);
  useEffect(() => {
    if (navigation.state !== "idle" && navigation.formMethod && navigation.formMethod.toUpperCase() !== "GET") posting.current = true;
    else if (navigation.state === "idle" && posting.current) {
      posting.current = false;
      endedAt.current = Date.now();
    }
  }, [navigation.state, navigation.formMethod]);
  return { lately: () => Date.now() - endedAt.current < RESULT_HOLD_MS, endedAt: () => endedAt.current };
}

/** Whether the reader is typing in a form now: a field of one has the focus. */
function typingInAForm(): boolean {
  const active = document.activeElement;
  return active instanceof HTMLElement && /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName) && active.closest("form") !== null;
}

/**
 * Listens to the office's stream while `enabled` (a role that sees the board) and refreshes the
 * page's data on a change; returns the state the shell's indicator shows.
 */
export function useLiveOffice(enabled: boolean): LiveState {
  const [state, setState] = useState<LiveState>("off");
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const formsTouched = useTouchedForms();
  const postedLately = useRecentPost();
  // what the timers read: the latest render's values
  const now = useRef({ revalidator, navigation, fetchers, formsTouched, postedLately });
  useEffect(() => {
    now.current = { revalidator, navigation, fetchers, formsTouched, postedLately };
  });

  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let pending = false;
    let heardOnce = false;
    let lastRefresh = 0;
    let refusals = 0;
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let hiddenTimer: ReturnType<typeof setTimeout> | undefined;

    const busy = () => {
      const { revalidator: r, navigation: n, fetchers: f, formsTouched: touched, postedLately: posted } = now.current;
      return r.state !== "idle" || n.state !== "idle" || f.some((x) => x.state !== "idle") || typingInAForm() || touched() || posted.lately();
    };

    let pendingSince = 0;
    const refreshSoon = (delay = DEBOUNCE_MS) => {
      if (!pending) pendingSince = Date.now();
      pending = true;
      clearTimeout(refreshTimer);
      refreshTimer = setTimeout(refresh, Math.max(delay, lastRefresh + MIN_GAP_MS - Date.now()));
    };

    function refresh() {
      if (!pending || document.hidden) return;
      // a form post ended since the change was heard: its own reload brought the page up to date
      if (now.current.postedLately.endedAt() > pendingSince) {
        pending = false;
        setState((s) => (s === "held" ? "live" : s));
        return;
      }
      if (busy()) {
        setState((s) => (s === "live" ? "held" : s));
        refreshSoon(BUSY_RETRY_MS);
        return;
      }
      pending = false;
      lastRefresh = Date.now();
      setState((s) => (s === "held" ? "live" : s));
      void now.current.revalidator.revalidate();
    }

    const connect = () => {
      clearTimeout(retryTimer);
      source?.close();
      setState("connecting");
      const es = new EventSource(EVENTS_URL);
      source = es;
      es.addEventListener("ready", () => {
        refusals = 0;
        setState(pending ? "held" : "live");
        // a reconnection: what changed while the stream was down was not heard
        if (heardOnce) refreshSoon();
        heardOnce = true;
      });
      es.addEventListener("change", () => refreshSoon());
      es.addEventListener("error", () => {
        if (es.readyState === EventSource.CLOSED) {
          // refused (signed out, too many tabs) or a server that answered otherwise: try later
          setState("lost");
          source = null;
          retryTimer = setTimeout(connect, REFUSED_RETRY_MS[Math.min(refusals++, REFUSED_RETRY_MS.length - 1)]);
        } else setState("lost"); // the browser reconnects by itself
      });
    };

    const onVisibility = () => {
      clearTimeout(hiddenTimer);
      if (document.hidden) {
        hiddenTimer = setTimeout(() => {
          source?.close();
          source = null;
          clearTimeout(retryTimer);
          setState("connecting");
        }, HIDDEN_CLOSE_MS);
        return;
      }
      if (!source) connect();
      if (pending) refreshSoon();
    };

    connect();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      clearTimeout(refreshTimer);
      clearTimeout(retryTimer);
      clearTimeout(hiddenTimer);
      source?.close();
      setState("off");
    };
  }, [enabled]);

  return state;
}

/** The shell's small "live" mark: shown only with JavaScript, saying whether the page follows changes. */
export function LiveIndicator({ state }: { state: LiveState }) {
  const { t } = useTranslation("admin");
  if (state === "off" || state === "connecting") return null;
  const on = state === "live" || state === "held";
  const label = on ? t("live.on") : t("live.off");
  const hint = state === "live" ? t("live.onHint") : state === "held" ? t("live.heldHint") : t("live.offHint");
  return (
    <span
      className="inline-flex shrink-0 items-center gap-1.5 rounded-full px-2 py-1 text-xs font-medium text-slate-600 admin-dark:text-slate-300"
      title={hint}
      data-testid="live-indicator"
      data-state={state}
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${on ? "bg-emerald-500" : "bg-slate-400"}${state === "held" ? " animate-pulse" : ""}`} />
      <span className="sr-only sm:not-sr-only">{label}</span>
      <span className="sr-only">{` · ${hint}`}</span>
    </span>
  );
}
