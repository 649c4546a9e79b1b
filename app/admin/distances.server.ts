/**
 * The distances page (/admin/distances): the published road table with the office's corrections
 * beside it, and the form posts that correct a pair, reset it to the published figure, or add a
 * pair the table lacks. Routing reads the corrections within seconds (road-corrections.server.ts).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import type { Kysely } from "kysely";
import { gazetteerPlace, gazetteerPlacesIn, searchGazetteer } from "~/places/gazetteer.server";
import { deleteCorrection, listCorrections, saveCorrection } from "~/places/road-corrections.server";
import { ROAD_DISTANCES } from "~/places/road-distances";
import { orderedPair, pairKey, publishedRoad, type RoadFigure } from "~/places/road-table.server";
import type { Database } from "~/server/db/schema";
import type { Logger } from "~/server/logger.server";
import { foldSearchText } from "~/utils/search-text";
import { DISTANCES, distanceSchemaFor, type DistanceIntent } from "./distances";

export interface DistanceRow {
  /** `placeA|placeB`, ids in order */
  key: string;
  a: { id: string; label: string };
  b: { id: string; label: string };
  published: RoadFigure | null;
  corrected: (RoadFigure & { by: string | null; at: string }) | null;
}

const labelOf = (id: string) => gazetteerPlace(id)?.label ?? id;

/** The table's rows (published order, then pairs only the office added), filtered by a search text. */
export async function distanceRows(db: Kysely<Database>, query: string): Promise<{ rows: DistanceRow[]; total: number }> {
  const corrections = await listCorrections(db);
  const byKey = new Map(corrections.map((c) => [pairKey(c.placeA, c.placeB), c]));
  const keys = [...new Set([...ROAD_DISTANCES.map(([a, b]) => pairKey(a, b)), ...byKey.keys()])];
  const all = keys.map((key): DistanceRow => {
    const [first, second] = key.split("|") as [string, string];
    // shown airport first: "Antalya Havalimanı (AYT) ↔ Antalya", not the other way round
    const [a, b] = gazetteerPlace(second)?.kind === "airport" && gazetteerPlace(first)?.kind !== "airport" ? [second, first] : [first, second];
    const c = byKey.get(key);
    return {
      key,
      a: { id: a, label: labelOf(a) },
      b: { id: b, label: labelOf(b) },
      published: publishedRoad(a, b),
      corrected: c ? { km: c.km, minutes: c.minutes, by: c.updatedByName, at: c.updatedAt } : null,
    };
  });
  const terms = foldSearchText(query.slice(0, 200)).split(/\s+/).filter(Boolean);
  const rows = terms.length
    ? all.filter((row) => {
        const text = foldSearchText(`${row.a.label} ${row.b.label} ${row.a.id} ${row.b.id}`);
        return terms.every((term) => text.includes(term));
      })
    : all;
  return { rows, total: all.length };
}

/** The labels offered by the add form's place pickers: the region's places (Antalya, Muğla). */
export function regionPlaceLabels(): string[] {
  return gazetteerPlacesIn(["Antalya", "Muğla"]).map((p) => p.label);
}

/** A place as typed in the add form: its label as the pickers offer it, or its id. */
export function placeFromText(text: string): string | null {
  const trimmed = text.trim();
  if (gazetteerPlace(trimmed)) return trimmed;
  const folded = foldSearchText(trimmed);
  if (!folded) return null;
  return searchGazetteer(trimmed, 20).find((p) => foldSearchText(p.label) === folded)?.id ?? null;
}

const publishedIds = new Set(ROAD_DISTANCES.flatMap(([a, b]) => [a, b]));
const isKnownPlace = (id: string) => publishedIds.has(id) || gazetteerPlace(id) !== null;

/** A posted pair key, if it names two different known places. */
function pairFrom(value: string): [string, string] | null {
  const [a, b, ...rest] = value.split("|");
  if (!a || !b || rest.length > 0 || a === b || !isKnownPlace(a) || !isKnownPlace(b)) return null;
  return orderedPair(a, b);
}

export type DistanceFormOutcome =
  | { ok: true; intent: DistanceIntent; key: string; /** whether the pair has a published figure */ published: boolean }
  | { ok: false; status: number; formId: string; result: SubmissionResult<string[]> };

/** The form id a post answers: the row's key, or `add` for the add form. */
function formIdOf(formData: FormData): string {
  const intent = formData.get("intent");
  const pair = formData.get("pair");
  return intent === "add" ? "add" : typeof pair === "string" ? pair.slice(0, 400) : "add";
}

export async function handleDistanceForm(
  db: Kysely<Database>,
  formData: FormData,
  { by, log }: { by: string | null; log?: Pick<Logger, "error"> },
): Promise<DistanceFormOutcome> {
  const formId = formIdOf(formData);
  const submission = parseWithZod(formData, { schema: distanceSchemaFor(formData.get("intent")) });
  if (submission.status !== "success") return { ok: false, status: 400, formId, result: submission.reply() };
  const value = submission.value;
  const refuse = (fieldErrors: Record<string, string[]>, status = 400): DistanceFormOutcome => ({
    ok: false,
    status,
    formId,
    result: submission.reply({ fieldErrors }),
  });

  let pair: [string, string];
  if (value.intent === "add") {
    const from = placeFromText(value.from);
    const to = placeFromText(value.to);
    if (!from || !to) {
      return refuse({ ...(from ? {} : { from: [DISTANCES.unknownPlace] }), ...(to ? {} : { to: [DISTANCES.unknownPlace] }) });
    }
    if (from === to) return refuse({ to: [DISTANCES.samePlace] });
    pair = orderedPair(from, to);
  } else {
    const known = pairFrom(value.pair);
    if (!known) return { ok: false, status: 404, formId, result: submission.reply({ formErrors: [DISTANCES.unknownPair] }) };
    pair = known;
  }

  try {
    if (value.intent === "reset") await deleteCorrection(db, pair[0], pair[1]);
    else await saveCorrection(db, { from: pair[0], to: pair[1], km: value.km, minutes: value.minutes, by });
  } catch (error) {
    log?.error({ err: error }, "road distance save failed");
    return { ok: false, status: 500, formId, result: submission.reply({ formErrors: [DISTANCES.saveFailed] }) };
  }
  return { ok: true, intent: value.intent, key: pairKey(pair[0], pair[1]), published: publishedRoad(pair[0], pair[1]) !== null };
}
