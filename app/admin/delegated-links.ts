/**
 * Client-side navigation for the plain links inside one element, by a single click handler: a
 * busy day's dispatch board has a few hundred links, and React Router's <Link> runs its hooks for
 * each on every server render (about a tenth of the board's). The links stay plain <a href>, so
 * they work without JavaScript and open in a new tab as usual; with it, a plain click on one that
 * stays on this site navigates as <Link> would. `data-keep-scroll` on a link keeps the scroll
 * position (<Link preventScrollReset>).
 */
import { useCallback, type MouseEvent } from "react";
import { useNavigate } from "react-router";

export function useDelegatedLinks() {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || !event.currentTarget.contains(link)) return;
      if (link.target || link.hasAttribute("download") || link.origin !== window.location.origin) return;
      event.preventDefault();
      void navigate(`${link.pathname}${link.search}${link.hash}`, { preventScrollReset: link.hasAttribute("data-keep-scroll") });
    },
    [navigate],
  );
}
