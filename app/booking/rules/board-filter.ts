/**
 * The dispatch board's filters (issue 34), from its URL: `show=noDriver` (open legs without a
 * driver), `show=noCar` (open legs on no car of the board) and `category=<car category>` (the
 * lanes of that category's cars). A category hides the other lanes; the other two keep every lane
 * true to its occupancy and grey the legs they leave out (`dimmed`), which the day's list then
 * skips. Pure: the board's page and its run sheet read the same filter.
 */
import type { BoardLeg, Lane } from "./dispatch";

export const BOARD_SHOWS = ["noDriver", "noCar"] as const;
export type BoardShow = (typeof BOARD_SHOWS)[number];

export interface BoardFilter {
  show: BoardShow | null;
  category: string | null;
}

export const NO_FILTER: BoardFilter = { show: null, category: null };

/** The filter from `?show=` and `?category=`; an unknown value is no filter (the page stays useful). */
export function parseBoardFilter(params: URLSearchParams, categories: readonly string[]): BoardFilter {
  const show = params.get("show");
  const category = params.get("category");
  return {
    show: (BOARD_SHOWS as readonly string[]).includes(show ?? "") ? (show as BoardShow) : null,
    category: category && categories.includes(category) ? category : null,
  };
}

/** The filter as query parameters (empty when none), to carry on the board's links. */
export function filterQuery(filter: BoardFilter): string {
  const params = new URLSearchParams();
  if (filter.show) params.set("show", filter.show);
  if (filter.category) params.set("category", filter.category);
  const text = params.toString();
  return text ? `&${text}` : "";
}

const open = (leg: BoardLeg) => leg.status === "pending" || leg.status === "confirmed";

/** Whether a leg is one the filter asks for. */
export function legMatches(leg: BoardLeg, lane: Lane, filter: BoardFilter): boolean {
  if (filter.show === "noDriver") return open(leg) && !leg.driver;
  if (filter.show === "noCar") return open(leg) && lane.kind === "unassigned";
  return true;
}

/**
 * The lanes as the filter shows them: a category keeps its cars' lanes and the unassigned legs
 * booked on a car of that category (`categoryOfCar` knows every car, inactive ones too); `show`
 * marks the legs it leaves out.
 */
export function applyBoardFilter(lanes: readonly Lane[], filter: BoardFilter, categoryOfCar: ReadonlyMap<string, string>): Lane[] {
  if (!filter.show && !filter.category) return [...lanes];
  const out: Lane[] = [];
  for (const lane of lanes) {
    let legs = lane.legs;
    if (filter.category) {
      if (lane.kind === "car" && lane.car.category !== filter.category) continue;
      if (lane.kind === "unassigned") {
        legs = legs.filter((leg) => leg.carId !== null && categoryOfCar.get(leg.carId) === filter.category);
        if (legs.length === 0) continue;
      }
    }
    out.push({ ...lane, legs: legs.map((leg) => (legMatches(leg, lane, filter) ? leg : { ...leg, dimmed: true })) } as Lane);
  }
  return out;
}
