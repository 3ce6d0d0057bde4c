/**
 * The demo gift catalogue's names in all eleven languages (docs/decisions/019-catalogue-texts.md), by
 * the design's key (gift-catalogue.ts). The seed and a new site without a default site's gifts store
 * them in `gifts.names`; migration 0020 gave them to an existing demo site's drawn gifts.
 */
import type { LocaleCode } from '@app/contracts';

/** Every demo gift's name per language; nl is the design's `name`. */
export const GIFT_NAMES: Record<string, Record<LocaleCode, string>> = {
  roos: {
    da: 'Rød rose',
    de: 'Rote Rose',
    en: 'Red rose',
    es: 'Rosa roja',
    fi: 'Punainen ruusu',
    fr: 'Rose rouge',
    it: 'Rosa rossa',
    nb: 'Rød rose',
    nl: 'Rode roos',
    pl: 'Czerwona róża',
    sv: 'Röd ros',
  },
  hart: {
    da: 'Hjerte',
    de: 'Herzchen',
    en: 'Heart',
    es: 'Corazón',
    fi: 'Sydän',
    fr: 'Petit cœur',
    it: 'Cuoricino',
    nb: 'Hjerte',
    nl: 'Hartje',
    pl: 'Serduszko',
    sv: 'Hjärta',
  },
  zonnetje: {
    da: 'Solstråle',
    de: 'Sonnenschein',
    en: 'Sunshine',
    es: 'Solecito',
    fi: 'Auringonsäde',
    fr: 'Rayon de soleil',
    it: 'Raggio di sole',
    nb: 'Solstråle',
    nl: 'Zonnetje',
    pl: 'Słoneczko',
    sv: 'Solstråle',
  },
  ster: {
    da: 'Stjerne',
    de: 'Stern',
    en: 'Star',
    es: 'Estrella',
    fi: 'Tähti',
    fr: 'Étoile',
    it: 'Stella',
    nb: 'Stjerne',
    nl: 'Ster',
    pl: 'Gwiazdka',
    sv: 'Stjärna',
  },
  cadeautje: {
    da: 'Lille pakke',
    de: 'Päckchen',
    en: 'Little present',
    es: 'Regalito',
    fi: 'Lahjapaketti',
    fr: 'Petit paquet',
    it: 'Pacchettino',
    nb: 'Liten pakke',
    nl: 'Cadeautje',
    pl: 'Paczuszka',
    sv: 'Litet paket',
  },
  chocolade: {
    da: 'Chokolade',
    de: 'Pralinen',
    en: 'Chocolates',
    es: 'Bombones',
    fi: 'Suklaakonvehdit',
    fr: 'Chocolats',
    it: 'Cioccolatini',
    nb: 'Sjokolade',
    nl: 'Chocolade',
    pl: 'Czekoladki',
    sv: 'Choklad',
  },
  taart: {
    da: 'Lille kage',
    de: 'Törtchen',
    en: 'Cake',
    es: 'Pastelito',
    fi: 'Kakkupala',
    fr: 'Petit gâteau',
    it: 'Tortina',
    nb: 'Kakestykke',
    nl: 'Taartje',
    pl: 'Ciastko',
    sv: 'Tårtbit',
  },
  champagne: {
    da: 'Champagne',
    de: 'Champagner',
    en: 'Champagne',
    es: 'Champán',
    fi: 'Samppanja',
    fr: 'Champagne',
    it: 'Champagne',
    nb: 'Champagne',
    nl: 'Champagne',
    pl: 'Szampan',
    sv: 'Champagne',
  },
  teddybeer: {
    da: 'Teddybjørn',
    de: 'Teddybär',
    en: 'Teddy bear',
    es: 'Osito de peluche',
    fi: 'Nalle',
    fr: 'Ours en peluche',
    it: 'Orsacchiotto',
    nb: 'Teddybjørn',
    nl: 'Teddybeer',
    pl: 'Miś',
    sv: 'Nalle',
  },
  diamant: {
    da: 'Diamant',
    de: 'Diamant',
    en: 'Diamond',
    es: 'Diamante',
    fi: 'Timantti',
    fr: 'Diamant',
    it: 'Diamante',
    nb: 'Diamant',
    nl: 'Diamant',
    pl: 'Diament',
    sv: 'Diamant',
  },
};

/**
 * A demo gift's stored texts for a site whose language is `siteLng`: `name` in that language and
 * every language in `names`. An unknown key keeps `nlName` only.
 */
export function demoGiftTexts(
  key: string,
  nlName: string,
  siteLng: string,
): { name: string; names: Partial<Record<LocaleCode, string>> } {
  const names = GIFT_NAMES[key];
  if (!names) return { name: nlName, names: { nl: nlName } };
  return { name: names[siteLng as LocaleCode] ?? nlName, names: { ...names } };
}
