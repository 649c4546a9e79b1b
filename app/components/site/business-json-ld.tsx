/** Structured data for search engines: the company as a TaxiService / LocalBusiness (from settings). */
import type { RootData } from "~/root";

export function BusinessJsonLd({ root }: { root: RootData }) {
  const { site, publicUrl } = root;
  const base = publicUrl.replace(/\/+$/, "");
  const data = {
    "@context": "https://schema.org",
    "@type": ["TaxiService", "LocalBusiness"],
    "@id": `${base}/#business`,
    name: site.siteName,
    description: site.siteDescription,
    url: `${base}/`,
    image: `${base}/images/hero/og.jpg`,
    telephone: site.contactPhone,
    email: site.contactEmail,
    priceRange: "₺₺₺",
    areaServed: ["Antalya", "Belek", "Side", "Kemer", "Alanya", "Kaş", "Manavgat"],
    address: {
      "@type": "PostalAddress",
      streetAddress: site.address,
      addressLocality: "Antalya",
      postalCode: "07230",
      addressCountry: "TR",
    },
    geo: { "@type": "GeoCoordinates", latitude: 36.8987, longitude: 30.8005 },
    openingHoursSpecification: [
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "09:00",
        closes: "20:00",
      },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Saturday", "Sunday"], opens: "10:00", closes: "18:00" },
    ],
    openingHours: ["Mo-Fr 09:00-20:00", "Sa-Su 10:00-18:00"],
    // No aggregateRating: the site stores and shows no reviews, and a rating without them is
    // markup search engines treat as spam (issue 28).
  };
  // "<" is escaped so a value can never close the script element.
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
