/**
 * First-level subdivisions of the countries the sites serve, as ISO 3166-2 codes with their names in
 * the local language (GET /api/regions.php, SPEC.md 3 Search state "countryregion"). Belgium lists its
 * ten provinces plus the Brussels-Capital Region, which belongs to no province.
 */

/** Countries that have a region list (the default site's `countries`). */
export type RegionCountry = 'NL' | 'BE' | 'DE' | 'AT';

/** Regions per country: `code` is ISO 3166-2 (e.g. 'NL-NH'), `name` is the local name. */
export const REGIONS: Record<RegionCountry, { code: string; name: string }[]> = {
  NL: [
    { code: 'NL-DR', name: 'Drenthe' },
    { code: 'NL-FL', name: 'Flevoland' },
    { code: 'NL-FR', name: 'Fryslân' },
    { code: 'NL-GE', name: 'Gelderland' },
    { code: 'NL-GR', name: 'Groningen' },
    { code: 'NL-LI', name: 'Limburg' },
    { code: 'NL-NB', name: 'Noord-Brabant' },
    { code: 'NL-NH', name: 'Noord-Holland' },
    { code: 'NL-OV', name: 'Overijssel' },
    { code: 'NL-UT', name: 'Utrecht' },
    { code: 'NL-ZE', name: 'Zeeland' },
    { code: 'NL-ZH', name: 'Zuid-Holland' },
  ],
  BE: [
    { code: 'BE-BRU', name: 'Brussels Hoofdstedelijk Gewest' },
    { code: 'BE-VAN', name: 'Antwerpen' },
    { code: 'BE-VLI', name: 'Limburg' },
    { code: 'BE-VOV', name: 'Oost-Vlaanderen' },
    { code: 'BE-VBR', name: 'Vlaams-Brabant' },
    { code: 'BE-VWV', name: 'West-Vlaanderen' },
    { code: 'BE-WBR', name: 'Brabant wallon' },
    { code: 'BE-WHT', name: 'Hainaut' },
    { code: 'BE-WLG', name: 'Liège' },
    { code: 'BE-WLX', name: 'Luxembourg' },
    { code: 'BE-WNA', name: 'Namur' },
  ],
  DE: [
    { code: 'DE-BW', name: 'Baden-Württemberg' },
    { code: 'DE-BY', name: 'Bayern' },
    { code: 'DE-BE', name: 'Berlin' },
    { code: 'DE-BB', name: 'Brandenburg' },
    { code: 'DE-HB', name: 'Bremen' },
    { code: 'DE-HH', name: 'Hamburg' },
    { code: 'DE-HE', name: 'Hessen' },
    { code: 'DE-MV', name: 'Mecklenburg-Vorpommern' },
    { code: 'DE-NI', name: 'Niedersachsen' },
    { code: 'DE-NW', name: 'Nordrhein-Westfalen' },
    { code: 'DE-RP', name: 'Rheinland-Pfalz' },
    { code: 'DE-SL', name: 'Saarland' },
    { code: 'DE-SN', name: 'Sachsen' },
    { code: 'DE-ST', name: 'Sachsen-Anhalt' },
    { code: 'DE-SH', name: 'Schleswig-Holstein' },
    { code: 'DE-TH', name: 'Thüringen' },
  ],
  AT: [
    { code: 'AT-1', name: 'Burgenland' },
    { code: 'AT-2', name: 'Kärnten' },
    { code: 'AT-3', name: 'Niederösterreich' },
    { code: 'AT-4', name: 'Oberösterreich' },
    { code: 'AT-5', name: 'Salzburg' },
    { code: 'AT-6', name: 'Steiermark' },
    { code: 'AT-7', name: 'Tirol' },
    { code: 'AT-8', name: 'Vorarlberg' },
    { code: 'AT-9', name: 'Wien' },
  ],
};

/** The regions of `country` (any country code; none for a country without a list). */
export function regionsOf(country: string): { code: string; name: string }[] {
  return (REGIONS as Record<string, { code: string; name: string }[]>)[country] ?? [];
}
