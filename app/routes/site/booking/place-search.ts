/**
 * The place picker's contract with its sources (the server's list, Google in the browser), in a
 * module of its own so the field and the map loader do not import each other.
 */
export interface PlaceOption {
  id: string;
  label: string;
  kind: string;
}

/** One visitor's search in one field, from the first keystroke to the chosen place (a billing session). */
export interface PlaceSearchSession {
  suggest(text: string): Promise<PlaceOption[]>;
  /** The place id to submit for a chosen suggestion: `g:<id>@<lat>,<lng>`, or `g:<id>` without a location. */
  choose(option: PlaceOption): Promise<string>;
}
