/**
 * A part of a page whose code the browser loads only when the visitor turns to it (issue 18: the
 * home page's booking form and its catalogue, 11 KB compressed that most visits never use).
 *
 * The server renders the part in full, so the page is whole and the part works without
 * JavaScript. In the browser the part stays the server's HTML (a Suspense boundary React leaves
 * dehydrated) until the visitor turns to it: a focus, a mouse or finger on it, a link to the
 * section it is in (`#booking`), or a focus already in it when the page hydrates. Then its code and
 * catalogues load and React hydrates it where it is; what was typed or chosen meanwhile is in the
 * page and the part reads it when it hydrates (as it does for a visitor faster than the scripts).
 *
 * React holds back any update that reaches a part still waiting (a navigation, a revalidation: the
 * router's context changes) until the part has hydrated, so such an update loads the part at once
 * too; a navigation from the page waits for that, never for the visitor.
 *
 * A page shown by a navigation in the browser has nothing to hydrate: the part loads at once and
 * the navigation (a transition) keeps the previous page on screen until it is there.
 */
import { createElement, Suspense, use, useEffect, useMemo, useRef, useState, type ComponentType } from "react";
import type { i18n as I18n } from "i18next";
import { useTranslation } from "~/i18n/react";
import { useHydrated } from "./use-hydrated";

/** What says the visitor is turning to the part (all bubble up to its container). */
const TURNING_TO = ["focusin", "pointerover", "pointerdown", "touchstart"] as const;

export interface OnDemandPart<P extends object> {
  /** renders the part (in a `display: contents` element that watches for the visitor) */
  Part: ComponentType<P>;
  /** the part's code; a loader awaits it, so the server never renders without it */
  ready(): Promise<unknown>;
}

/** The part waiting in the browser: opens (loads) on the visitor's turn or on a second render. */
interface Gate<P extends object> {
  loaded: Promise<ComponentType<P>>;
  open(): void;
  rendered(): void;
}

function gate<P extends object>(load: () => Promise<ComponentType<P>>): Gate<P> {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let renders = 0;
  return {
    loaded: opened.then(load),
    open,
    // The first render is the page's hydration; another one while the part waits is an update
    // React is holding back until the part hydrates.
    rendered: () => {
      if (++renders > 1) open();
    },
  };
}

/** The props while they are shallowly the same object: a re-render with the same values is no update for the part. */
function useSameProps<P extends object>(props: P): P {
  const [kept, setKept] = useState(props);
  const same = kept === props || (Object.keys(kept).length === Object.keys(props).length && Object.entries(props).every(([key, value]) => Object.is(value, (kept as Record<string, unknown>)[key])));
  if (!same) setKept(props);
  return same ? kept : props;
}

/** `load` gives the part's component; `namespaces` the catalogues it needs besides the page's. */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>, namespaces: readonly string[]): OnDemandPart<P> {
  let component: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  let loadingInBrowser: Promise<ComponentType<P>> | null = null;
  const ready = () => (loading ??= load().then((c) => (component = c)));
  // In the browser the code and the catalogues load side by side.
  const readyInBrowser = (i18n: I18n) => (loadingInBrowser ??= Promise.all([ready(), i18n.loadNamespaces([...namespaces])]).then(([c]) => c));
  if (import.meta.env.SSR) void ready();

  function Waiting({ gate, props }: { gate: Gate<P>; props: P }) {
    gate.rendered();
    // (createElement: the component is the module's, loaded once, not one made in this render)
    return createElement(component ?? use(import.meta.env.SSR ? ready() : gate.loaded), props);
  }

  function Loaded({ props }: { props: P }) {
    const { i18n } = useTranslation();
    return createElement(component ?? use(readyInBrowser(i18n)), props);
  }

  function Part(given: P) {
    const props = useSameProps(given);
    const { i18n } = useTranslation();
    // On the server and while the page hydrates the part waits; mounted later, it loads at once.
    const hydrated = useHydrated();
    const [waiting] = useState(() => (hydrated ? null : gate<P>(() => readyInBrowser(i18n))));
    const container = useRef<HTMLDivElement>(null);

    useEffect(() => {
      const element = container.current;
      if (!waiting || !element) return;
      const open = () => waiting.open();
      const linkedTo = () => {
        const target = location.hash.length > 1 ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
        if (target?.contains(element)) open();
      };
      // The visitor started on it before the page hydrated, or came by a link to it.
      if (element.contains(document.activeElement)) open();
      linkedTo();
      for (const type of TURNING_TO) element.addEventListener(type, open, { passive: true });
      window.addEventListener("hashchange", linkedTo);
      return () => {
        for (const type of TURNING_TO) element.removeEventListener(type, open);
        window.removeEventListener("hashchange", linkedTo);
      };
    }, [waiting]);

    // The same element while the props are the same: the part's boundary sees no update of its own.
    const content = useMemo(
      () =>
        waiting ? (
          <Suspense fallback={null}>
            <Waiting gate={waiting} props={props} />
          </Suspense>
        ) : (
          <Loaded props={props} />
        ),
      [waiting, props],
    );
    return (
      <div ref={container} className="contents">
        {content}
      </div>
    );
  }

  return { Part, ready };
}
