import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { AdminI18nProvider } from "../i18n";
import { Pagination } from "./list";

const summary = (props: { page: number; total: number; more?: boolean }) => {
  const html = renderToString(
    <MemoryRouter>
      <AdminI18nProvider lng="tr">
        <Pagination pageSize={10} pageCount={Math.ceil(props.total / 10)} noun="bookings" hrefFor={(p) => `/admin/bookings?page=${p}`} {...props} />
      </AdminI18nProvider>
    </MemoryRouter>,
  ).replace(/<!-- -->/g, "");
  return { text: /<p[^>]*>(.*?)<\/p>/.exec(html)![1], html };
};

describe("the admin lists' pagination", () => {
  it("names the exact total", () => {
    expect(summary({ page: 2, total: 57 }).text).toBe("Toplam 57 rezervasyon içinden 11–20 arası gösteriliyor");
  });

  it("says \"1.020+\" for a list counted only so far and offers its next page; an exact last page has none", () => {
    const { text, html } = summary({ page: 100, total: 1_000, more: false });
    expect(text).toBe("Toplam 1.000 rezervasyon içinden 991–1.000 arası gösteriliyor");
    expect(html).not.toContain('rel="next"');
    const counted = summary({ page: 3, total: 1_020, more: true });
    expect(counted.text).toBe("Toplam 1.020+ rezervasyon içinden 21–30 arası gösteriliyor");
    expect(counted.html).toContain('href="/admin/bookings?page=4"');
  });
});
