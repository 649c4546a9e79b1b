/**
 * Curated names of the places our visitors ask for most (the airports they land at and the
 * resorts of the Turkish Riviera), in the site's languages, plus the other spellings people type.
 * Used by scripts/build-gazetteer.ts. Keyed by the gazetteer's stable ids.
 *
 * Sources: the Russian, English and German names are the common exonyms and spellings used by
 * tour operators, hotel sites and Wikipedia articles in those languages, written from our own
 * knowledge (no data copied). The Turkish names are the official ones (GeoNames CC-BY 4.0 and
 * the airports' own signage).
 *
 * `tr` overrides the Turkish name when GeoNames spells it without Turkish letters; `aliases`
 * are extra words (any script) a visitor may type; the search folds case and accents.
 */
export interface CuratedNames {
  tr?: string;
  en?: string;
  de?: string;
  ru?: string;
  aliases?: string;
}

/** Airports: the localized name without the "(IATA)" suffix the label adds. */
export const AIRPORT_NAMES_I18N: Record<string, CuratedNames> = {
  "ayt-airport": { en: "Antalya Airport", de: "Flughafen Antalya", ru: "Аэропорт Анталья", aliases: "Анталия Анталии Антальи" },
  "gzp-airport": { en: "Gazipaşa-Alanya Airport", de: "Flughafen Gazipaşa-Alanya", ru: "Аэропорт Газипаша-Аланья", aliases: "Газипаша Аланья Алания Аланьи" },
  "dlm-airport": { en: "Dalaman Airport", de: "Flughafen Dalaman", ru: "Аэропорт Даламан", aliases: "Даламан Фетхие Мармарис" },
  "bjv-airport": { en: "Milas-Bodrum Airport", de: "Flughafen Milas-Bodrum", ru: "Аэропорт Милас-Бодрум", aliases: "Бодрум Милас" },
  "ist-airport": { en: "Istanbul Airport", de: "Flughafen Istanbul", ru: "Аэропорт Стамбул", aliases: "Стамбул Стамбула Istanbul" },
  "saw-airport": { en: "Istanbul Sabiha Gökçen Airport", de: "Flughafen Istanbul Sabiha Gökçen", ru: "Аэропорт Стамбул Сабиха Гёкчен", aliases: "Стамбул Сабиха Гекчен Гёкчен Istanbul" },
  "adb-airport": { en: "İzmir Adnan Menderes Airport", de: "Flughafen Izmir Adnan Menderes", ru: "Аэропорт Измир Аднан Мендерес", aliases: "Измир Izmir" },
  "esb-airport": { en: "Ankara Esenboğa Airport", de: "Flughafen Ankara-Esenboğa", ru: "Аэропорт Анкара Эсенбога", aliases: "Анкара Есенбога" },
};

/** Towns, districts and hotel areas: the localized place name (the label adds the province). */
export const PLACE_NAMES_I18N: Record<string, CuratedNames> = {
  "antalya-antalya": { ru: "Анталья", aliases: "Анталия Анталии Антальи" },
  "muratpasa-antalya": { ru: "Муратпаша" },
  "kepez-antalya": { ru: "Кепез" },
  "aksu-antalya": { ru: "Аксу" },
  "konyaalti-antalya": { ru: "Коньяалты", aliases: "Коньялты Конъяалты Konyaalti" },
  "lara-antalya": { ru: "Лара" },
  "kundu-antalya": { ru: "Кунду" },
  "kaleici-antalya": { ru: "Калеичи", de: "Kaleiçi (Altstadt)", aliases: "Калеиче Altstadt" },
  "belek-antalya": { ru: "Белек" },
  "kadriye-antalya": { ru: "Кадрие", aliases: "Кадрийе Кадрия" },
  "bogazkent-antalya": { ru: "Богазкент" },
  "serik-antalya": { ru: "Серик" },
  "side-antalya": { ru: "Сиде" },
  "kumkoy-antalya": { ru: "Кумкёй", aliases: "Кумкей Кумкой Kumkoey" },
  "manavgat-antalya": { ru: "Манавгат" },
  "kizilagac-antalya": { ru: "Кызылагач", aliases: "Кизилагач" },
  "kizilot-antalya": { ru: "Кызылот", aliases: "Кизилот" },
  "titreyengol-antalya": { ru: "Титреенгёль", aliases: "Титреенгель Титрейенгёль Титрейенгель" },
  "evrenseki-antalya": { ru: "Эвренсеки", aliases: "Евренсеки" },
  "colakli-antalya": { ru: "Чолаклы", aliases: "Чолакли" },
  "sorgun-antalya": { ru: "Соргун" },
  "kemer-antalya": { ru: "Кемер" },
  "beldibi-antalya": { ru: "Бельдиби", aliases: "Белдиби" },
  "goynuk-antalya": { ru: "Гёйнюк", aliases: "Гейнюк Гойнюк" },
  "kiris-antalya": { ru: "Кириш" },
  "camyuva-antalya": { ru: "Чамьюва", aliases: "Чамюва Чамъюва" },
  "tekirova-antalya": { ru: "Текирова" },
  "olympos-antalya": { ru: "Олимпос", aliases: "Олимп Olympus" },
  "cirali-antalya": { ru: "Чиралы", aliases: "Чирали" },
  "adrasan-antalya": { ru: "Адрасан" },
  "alanya-antalya": { ru: "Аланья", aliases: "Алания" },
  "mahmutlar-antalya": { ru: "Махмутлар" },
  "avsallar-antalya": { ru: "Авсаллар", aliases: "Авсалар" },
  "okurcalar-antalya": { ru: "Окурджалар", aliases: "Окурчалар" },
  "turkler-antalya": { ru: "Тюрклер", aliases: "Турклер" },
  "konakli-antalya": { ru: "Конаклы", aliases: "Конакли" },
  "incekum-antalya": { tr: "İncekum", ru: "Инджекум", aliases: "Инчекум" },
  "kestel-antalya": { ru: "Кестель", aliases: "Кестел" },
  "oba-antalya": { ru: "Оба" },
  "tosmur-antalya": { ru: "Тосмур" },
  "gazipasa-antalya": { ru: "Газипаша" },
  "kas-antalya": { ru: "Каш" },
  "kalkan-antalya": { ru: "Калкан" },
  "demre-antalya": { ru: "Демре", aliases: "Мира Myra" },
  "finike-antalya": { ru: "Финике" },
  "kumluca-antalya": { ru: "Кумлуджа", aliases: "Кумлуча" },
  "fethiye-mugla": { ru: "Фетхие", aliases: "Фетие Фетийе" },
  "oludeniz-mugla": { ru: "Олюдениз", aliases: "Олудениз" },
  "dalaman-mugla": { ru: "Даламан" },
  "marmaris-mugla": { ru: "Мармарис" },
  "bodrum-mugla": { ru: "Бодрум" },
  "istanbul-istanbul": { en: "Istanbul", de: "Istanbul", ru: "Стамбул", aliases: "Стамбула" },
  "ankara-ankara": { ru: "Анкара" },
  "izmir-izmir": { en: "Izmir", de: "Izmir", ru: "Измир" },
};

/** Province names in the site's languages, where they differ from the Turkish one. */
export const PROVINCE_NAMES_I18N: Record<string, CuratedNames> = {
  Antalya: { ru: "Анталья" },
  Muğla: { ru: "Мугла" },
  İstanbul: { en: "Istanbul", de: "Istanbul", ru: "Стамбул" },
  Ankara: { ru: "Анкара" },
  İzmir: { en: "Izmir", de: "Izmir", ru: "Измир" },
};
