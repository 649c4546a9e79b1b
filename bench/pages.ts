/**
 * Public pages the benches load. The results page gets a date thirty days from today: the site
 * refuses dates in the past and more than two years ahead, and a fixed date would turn, sooner or
 * later, into the "fix your search" page instead of the quote.
 */
const inThirtyDays = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

export const RESULTS_PATH = `/booking-results?tripType=oneWay&pickup=AYT&dropoff=Belek&date=${inThirtyDays}&time=10:00&passengers=2`;

/** Where the benches' new searches go from the airport: towns the shipped gazetteer knows. */
const DESTINATIONS = ["Belek", "Side", "Kemer", "Alanya", "Lara", "Manavgat", "Kundu", "Konyaaltı"];

/**
 * `count` different searches (each its own destination, date and time: 8 × 60 × 48 before one
 * repeats), as a stream of new visitors asks them: every one is a first render.
 */
export function newSearchPaths(count: number): string[] {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return Array.from({ length: count }, (_, i) => {
    const slot = Math.floor(i / 480) % 48;
    const time = `${String(Math.floor(slot / 2)).padStart(2, "0")}:${slot % 2 ? "30" : "00"}`;
    const dropoff = encodeURIComponent(DESTINATIONS[i % DESTINATIONS.length]!);
    return `/booking-results?tripType=oneWay&pickup=AYT&dropoff=${dropoff}&date=${day(3 + (Math.floor(i / 8) % 60))}&time=${time}&passengers=2`;
  });
}
