/**
 * Public pages the benches load. The results page gets a date thirty days from today: the site
 * refuses dates in the past and more than two years ahead, and a fixed date would turn, sooner or
 * later, into the "fix your search" page instead of the quote.
 */
const inThirtyDays = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

export const RESULTS_PATH = `/booking-results?tripType=oneWay&pickup=AYT&dropoff=Belek&date=${inThirtyDays}&time=10:00&passengers=2`;
