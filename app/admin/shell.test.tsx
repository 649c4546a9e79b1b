import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { AdminI18nProvider } from "./i18n";
import { NotificationsMenu, UNREAD_SHOWN } from "./shell";

const menu = (unread: number) => {
  const Stub = createRoutesStub([
    {
      path: "/admin",
      Component: () => (
        <AdminI18nProvider lng="tr">
          <NotificationsMenu unread={unread} items={[]} />
        </AdminI18nProvider>
      ),
    },
  ]);
  const html = renderToString(<Stub initialEntries={["/admin"]} />)
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'");
  return { label: /aria-label="([^"]*)"/.exec(html)![1], badge: /<span aria-hidden="true"[^>]*>([^<]*)<\/span>/.exec(html)?.[1] };
};

describe("the shell's notifications button", () => {
  it("names the unread count, and beyond what the layout counts says more than that", () => {
    expect(menu(3)).toEqual({ label: "Bildirimler (3 okunmamış bildirim)", badge: "3" });
    expect(menu(UNREAD_SHOWN)).toEqual({ label: "Bildirimler (99 okunmamış bildirim)", badge: "99" });
    // the layout counts one past what is shown (countUnread upTo)
    expect(menu(UNREAD_SHOWN + 1)).toEqual({ label: "Bildirimler (99'dan fazla okunmamış bildirim)", badge: "99+" });
  });
});
