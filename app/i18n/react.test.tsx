import { createInstance } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, useTranslation as useClientTranslation } from "react-i18next";
import { describe, expect, it } from "vitest";
import { useTranslation } from "./react";

async function instance(lng: string) {
  const i18n = createInstance({
    lng,
    fallbackLng: "en",
    defaultNS: "common",
    interpolation: { escapeValue: false },
    resources: {
      en: { common: { hello: "Hello", greet: "Hello {{name}}", cars_one: "{{count}} car", cars_other: "{{count}} cars" }, booking: { title: "Book" } },
      de: { common: { hello: "Hallo", greet: "Hallo {{name}}", cars_one: "{{count}} Auto", cars_other: "{{count}} Autos" }, booking: { title: "Buchen" } },
    },
  });
  await i18n.init();
  return i18n;
}

function Texts({ names }: { names: string[] }) {
  const { t } = useTranslation();
  const booking = useTranslation("booking");
  const [tArray] = useTranslation(["booking", "common"]);
  return (
    <p>
      {t("hello")}|{names.map((name) => t("greet", { name })).join(",")}|{t("cars", { count: 1 })}/{t("cars", { count: 3 })}|{booking.t("title")}|
      {tArray("title")}|{t(["missing", "hello"])}|{t("absent", { defaultValue: "fallback" })}
    </p>
  );
}

describe("useTranslation on the server", () => {
  it("is the server's own hook here", () => {
    expect(useTranslation).not.toBe(useClientTranslation);
  });

  it("gives what react-i18next would, for each language, with remembered texts that still follow their values", async () => {
    const [en, de] = await Promise.all([instance("en"), instance("de")]);
    const render = (i18n: typeof en, names: string[]) =>
      renderToString(
        <I18nextProvider i18n={i18n}>
          <Texts names={names} />
        </I18nextProvider>,
      ).replace(/<!-- -->/g, "");
    expect(render(en, ["Ann", "Bob"])).toBe("<p>Hello|Hello Ann,Hello Bob|1 car/3 cars|Book|Book|Hello|fallback</p>");
    expect(render(de, ["Ann"])).toBe("<p>Hallo|Hallo Ann|1 Auto/3 Autos|Buchen|Buchen|Hallo|fallback</p>");
    // a second render reuses what the first made and says the same
    expect(render(en, ["Cem"])).toBe("<p>Hello|Hello Cem|1 car/3 cars|Book|Book|Hello|fallback</p>");
  });
});
