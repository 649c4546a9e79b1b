/**
 * Published road distances and car driving times between the places of the region, one row per
 * pair (the table is symmetric: A→B answers B→A), ids of app/places/gazetteer.json.
 *
 * How the figures were compiled: the region's road network was written down as segments of the
 * real roads (the D-400 coast road from Gazipaşa through Alanya, Manavgat, Serik and Antalya to
 * Kemer, Kumluca, Finike, Demre, Kaş, Kalkan and Fethiye; the D-650/Antalya ring road between the
 * airport and Konyaaltı; the D-350 inland road Antalya–Korkuteli–Fethiye; the short roads from
 * the D-400 down to the resorts: Belek, Kadriye, Boğazkent, Side, Sorgun, Titreyengöl, Çıralı,
 * Olympos, Adrasan), with segment lengths after Karayolları Genel Müdürlüğü's "İller Arası
 * Mesafeler" and the road's kilometre posts, the district municipalities' and the provincial
 * culture and tourism directorate's published distances (e.g. Antalya–Kemer, Antalya–Manavgat,
 * Manavgat–Alanya, Alanya–Gazipaşa, Kaş–Kalkan), and each pair summed along its shortest road.
 * Times are for a car outside rush hour: about 30–40 km/h through Antalya, 40 km/h on the short
 * resort roads, 75–80 km/h on the divided D-400 east of Antalya, 60–65 km/h through the
 * Alanya–Gazipaşa and Kemer–Kaş stretches. The figures are rounded to the kilometre and the
 * minute and compiled offline (not checked against a live map at the time of writing): the
 * office corrects any of them at /admin/distances (table `road_distances`), and a correction
 * wins over the row here.
 *
 * Pure data, shared by server and tests; app/places/road-table.server.ts answers lookups.
 */

/** [placeId, placeId, km, minutes] */
export type RoadDistanceRow = readonly [a: string, b: string, km: number, minutes: number];

export const ROAD_DISTANCES: readonly RoadDistanceRow[] = [
  // ayt-airport
  ["ayt-airport", "lara-antalya", 12, 20],
  ["ayt-airport", "kundu-antalya", 15, 23],
  ["ayt-airport", "antalya-antalya", 14, 27],
  ["ayt-airport", "konyaalti-antalya", 22, 33],
  ["ayt-airport", "muratpasa-antalya", 8, 15],
  ["ayt-airport", "kepez-antalya", 13, 23],
  ["ayt-airport", "aksu-antalya", 8, 14],
  ["ayt-airport", "belek-antalya", 36, 38],
  ["ayt-airport", "kadriye-antalya", 32, 32],
  ["ayt-airport", "bogazkent-antalya", 45, 46],
  ["ayt-airport", "serik-antalya", 38, 36],
  ["ayt-airport", "side-antalya", 64, 59],
  ["ayt-airport", "kumkoy-antalya", 23, 26],
  ["ayt-airport", "sorgun-antalya", 71, 66],
  ["ayt-airport", "titreyengol-antalya", 73, 69],
  ["ayt-airport", "colakli-antalya", 56, 50],
  ["ayt-airport", "evrenseki-antalya", 59, 53],
  ["ayt-airport", "kizilagac-antalya", 78, 69],
  ["ayt-airport", "kizilot-antalya", 82, 73],
  ["ayt-airport", "manavgat-antalya", 70, 64],
  ["ayt-airport", "okurcalar-antalya", 93, 79],
  ["ayt-airport", "turkler-antalya", 105, 94],
  ["ayt-airport", "avsallar-antalya", 100, 88],
  ["ayt-airport", "konakli-antalya", 112, 102],
  ["ayt-airport", "incekum-antalya", 96, 83],
  ["ayt-airport", "alanya-antalya", 123, 117],
  ["ayt-airport", "oba-antalya", 128, 127],
  ["ayt-airport", "tosmur-antalya", 128, 126],
  ["ayt-airport", "kestel-antalya", 131, 129],
  ["ayt-airport", "mahmutlar-antalya", 135, 135],
  ["ayt-airport", "gazipasa-antalya", 172, 175],
  ["ayt-airport", "kemer-antalya", 57, 62],
  ["ayt-airport", "beldibi-antalya", 42, 48],
  ["ayt-airport", "goynuk-antalya", 49, 54],
  ["ayt-airport", "kiris-antalya", 61, 68],
  ["ayt-airport", "camyuva-antalya", 64, 73],
  ["ayt-airport", "tekirova-antalya", 71, 82],
  ["ayt-airport", "cirali-antalya", 89, 105],
  ["ayt-airport", "olympos-antalya", 92, 109],
  ["ayt-airport", "adrasan-antalya", 107, 120],
  ["ayt-airport", "kumluca-antalya", 103, 111],
  ["ayt-airport", "finike-antalya", 123, 127],
  ["ayt-airport", "demre-antalya", 151, 152],
  ["ayt-airport", "kas-antalya", 196, 197],
  ["ayt-airport", "kalkan-antalya", 223, 227],

  // gzp-airport
  ["gzp-airport", "lara-antalya", 173, 177],
  ["gzp-airport", "kundu-antalya", 176, 180],
  ["gzp-airport", "antalya-antalya", 175, 184],
  ["gzp-airport", "konyaalti-antalya", 183, 190],
  ["gzp-airport", "muratpasa-antalya", 169, 172],
  ["gzp-airport", "kepez-antalya", 174, 180],
  ["gzp-airport", "aksu-antalya", 169, 171],
  ["gzp-airport", "belek-antalya", 147, 153],
  ["gzp-airport", "kadriye-antalya", 143, 147],
  ["gzp-airport", "bogazkent-antalya", 140, 149],
  ["gzp-airport", "serik-antalya", 133, 139],
  ["gzp-airport", "side-antalya", 111, 122],
  ["gzp-airport", "kumkoy-antalya", 154, 157],
  ["gzp-airport", "sorgun-antalya", 106, 119],
  ["gzp-airport", "titreyengol-antalya", 108, 122],
  ["gzp-airport", "colakli-antalya", 115, 125],
  ["gzp-airport", "evrenseki-antalya", 112, 122],
  ["gzp-airport", "kizilagac-antalya", 93, 106],
  ["gzp-airport", "kizilot-antalya", 89, 102],
  ["gzp-airport", "manavgat-antalya", 105, 117],
  ["gzp-airport", "okurcalar-antalya", 74, 88],
  ["gzp-airport", "turkler-antalya", 62, 73],
  ["gzp-airport", "avsallar-antalya", 67, 79],
  ["gzp-airport", "konakli-antalya", 55, 65],
  ["gzp-airport", "incekum-antalya", 71, 84],
  ["gzp-airport", "alanya-antalya", 44, 50],
  ["gzp-airport", "oba-antalya", 49, 60],
  ["gzp-airport", "tosmur-antalya", 39, 43],
  ["gzp-airport", "kestel-antalya", 36, 38],
  ["gzp-airport", "mahmutlar-antalya", 32, 32],
  ["gzp-airport", "gazipasa-antalya", 5, 8],
  ["gzp-airport", "kemer-antalya", 218, 219],
  ["gzp-airport", "beldibi-antalya", 203, 205],
  ["gzp-airport", "goynuk-antalya", 210, 211],
  ["gzp-airport", "kiris-antalya", 222, 225],
  ["gzp-airport", "camyuva-antalya", 225, 230],
  ["gzp-airport", "tekirova-antalya", 232, 239],
  ["gzp-airport", "cirali-antalya", 250, 262],
  ["gzp-airport", "olympos-antalya", 253, 266],
  ["gzp-airport", "adrasan-antalya", 268, 277],
  ["gzp-airport", "kumluca-antalya", 264, 268],
  ["gzp-airport", "finike-antalya", 284, 284],
  ["gzp-airport", "demre-antalya", 312, 309],
  ["gzp-airport", "kas-antalya", 357, 354],
  ["gzp-airport", "kalkan-antalya", 384, 384],

  // ayt-airport
  ["ayt-airport", "gzp-airport", 167, 167],
  ["ayt-airport", "dlm-airport", 258, 232],

  // dlm-airport
  ["dlm-airport", "fethiye-mugla", 46, 40],
  ["dlm-airport", "oludeniz-mugla", 60, 62],
  ["dlm-airport", "dalaman-mugla", 6, 9],
  ["dlm-airport", "marmaris-mugla", 92, 85],
  ["dlm-airport", "kas-antalya", 154, 145],
  ["dlm-airport", "kalkan-antalya", 127, 115],
];
