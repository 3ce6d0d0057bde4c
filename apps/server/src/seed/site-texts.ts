/**
 * The demo site's own texts in all eleven languages (SPEC.md 3 Settings; DECISIONS.md Languages):
 * the home page's heading and introduction, the fictional label and warning and the profile-field
 * notes. `demoSite()` stores the nl text in the single-language columns and every language in
 * `sites.texts`.
 */
import type { LocaleCode, SiteTextField, SiteTexts } from '@app/contracts';

/** One demo text per language. */
type Translations = Record<LocaleCode, string>;

/** The demo site's texts per field and language; nl is the text the columns hold. */
export const DEMO_SITE_TEXTS: Record<SiteTextField, Translations> & {
  visible_profile_notes: Record<'description' | 'city', Translations>;
} = {
  index_title: {
    da: 'Flirtlokaal – tilmeld dig gratis og flirt med singler i nærheden',
    de: 'Flirtlokaal – kostenlos anmelden und mit Singles in deiner Nähe flirten',
    en: 'Flirtlokaal – sign up for free and flirt with singles near you',
    es: 'Flirtlokaal – regístrate gratis y liga con solteros cerca de ti',
    fi: 'Flirtlokaal – liity ilmaiseksi ja flirttaile lähelläsi asuvien sinkkujen kanssa',
    fr: 'Flirtlokaal – inscription gratuite et flirt avec des célibataires près de chez toi',
    it: 'Flirtlokaal – iscriviti gratis e flirta con single vicino a te',
    nb: 'Flirtlokaal – meld deg på gratis og flørt med singler i nærheten',
    nl: 'Flirtlokaal – gratis inschrijven en flirten met singles bij jou in de buurt',
    pl: 'Flirtlokaal – zarejestruj się za darmo i flirtuj z singlami w okolicy',
    sv: 'Flirtlokaal – registrera dig gratis och flirta med singlar nära dig',
  },
  description: {
    da:
      'Flirtlokaal er datingsiden for voksne i Nederlandene, Belgien, Tyskland og Østrig. ' +
      'Opret en gratis profil, find medlemmer i nærheden, giv likes, chat og mød nye mennesker.',
    de:
      'Flirtlokaal ist die Dating-Seite für Erwachsene in den Niederlanden, Belgien, Deutschland und Österreich. ' +
      'Erstelle kostenlos ein Profil, finde Mitglieder in deiner Nähe, like, chatte und lerne neue Leute kennen.',
    en:
      'Flirtlokaal is the dating site for adults in the Netherlands, Belgium, Germany and Austria. ' +
      'Create a free profile, find members near you, like, chat and meet new people.',
    es:
      'Flirtlokaal es la web de citas para adultos en los Países Bajos, Bélgica, Alemania y Austria. ' +
      'Crea un perfil gratis, busca miembros cerca de ti, da likes, chatea y conoce gente nueva.',
    fi:
      'Flirtlokaal on aikuisten deittisivusto Alankomaissa, Belgiassa, Saksassa ja Itävallassa. ' +
      'Luo ilmainen profiili, etsi jäseniä läheltäsi, tykkää, chattaile ja tutustu uusiin ihmisiin.',
    fr:
      'Flirtlokaal est le site de rencontre pour adultes aux Pays-Bas, en Belgique, en Allemagne et en Autriche. ' +
      'Crée gratuitement un profil, trouve des membres près de chez toi, like, discute et fais de nouvelles rencontres.',
    it:
      'Flirtlokaal è il sito di incontri per adulti nei Paesi Bassi, in Belgio, in Germania e in Austria. ' +
      'Crea gratis un profilo, cerca membri vicino a te, metti like, chatta e conosci nuove persone.',
    nb:
      'Flirtlokaal er datingsiden for voksne i Nederland, Belgia, Tyskland og Østerrike. ' +
      'Lag en gratis profil, finn medlemmer i nærheten, lik, chat og møt nye mennesker.',
    nl:
      'Flirtlokaal is de datingsite voor volwassenen in Nederland, België, Duitsland en Oostenrijk. ' +
      'Maak gratis een profiel, zoek leden in je buurt, like, chat en ontmoet nieuwe mensen.',
    pl:
      'Flirtlokaal to serwis randkowy dla dorosłych w Holandii, Belgii, Niemczech i Austrii. ' +
      'Załóż bezpłatny profil, szukaj członków w okolicy, dawaj lajki, czatuj i poznawaj nowych ludzi.',
    sv:
      'Flirtlokaal är dejtingsajten för vuxna i Nederländerna, Belgien, Tyskland och Österrike. ' +
      'Skapa en gratis profil, hitta medlemmar nära dig, gilla, chatta och träffa nya människor.',
  },
  fictional_singular: {
    da: 'fiktiv profil',
    de: 'fiktives Profil',
    en: 'fictional profile',
    es: 'perfil ficticio',
    fi: 'fiktiivinen profiili',
    fr: 'profil fictif',
    it: 'profilo fittizio',
    nb: 'fiktiv profil',
    nl: 'fictief profiel',
    pl: 'profil fikcyjny',
    sv: 'fiktiv profil',
  },
  // The catalogues put the plural in sentences such as "This site also contains {{plural}}."
  fictional_plural: {
    da: 'fiktive profiler',
    de: 'fiktive Profile',
    en: 'fictional profiles',
    es: 'perfiles ficticios',
    fi: 'fiktiivisiä profiileja',
    fr: 'profils fictifs',
    it: 'profili fittizi',
    nb: 'fiktive profiler',
    nl: 'fictieve profielen',
    pl: 'fikcyjne profile',
    sv: 'fiktiva profiler',
  },
  // Each says: the profile is fictional, the site's staff answer its messages, no physical contact.
  fictional_warning: {
    da:
      'Dette er en fiktiv profil. Beskederne besvares af medarbejdere hos Flirtlokaal; ' +
      'fysisk kontakt med denne profil er ikke mulig.',
    de:
      'Dies ist ein fiktives Profil. Die Nachrichten werden von Mitarbeitenden von Flirtlokaal beantwortet; ' +
      'ein physischer Kontakt mit diesem Profil ist nicht möglich.',
    en:
      'This is a fictional profile. Its messages are answered by Flirtlokaal staff; ' +
      'physical contact with this profile is not possible.',
    es:
      'Este es un perfil ficticio. Los mensajes los responde el personal de Flirtlokaal; ' +
      'el contacto físico con este perfil no es posible.',
    fi:
      'Tämä on fiktiivinen profiili. Viesteihin vastaavat Flirtlokaalin työntekijät; ' +
      'fyysinen kontakti tämän profiilin kanssa ei ole mahdollinen.',
    fr:
      'Ceci est un profil fictif. Les réponses à ses messages sont rédigées par des collaborateurs de Flirtlokaal ; ' +
      'tout contact physique avec ce profil est impossible.',
    it:
      'Questo è un profilo fittizio. Ai messaggi rispondono i collaboratori di Flirtlokaal; ' +
      'il contatto fisico con questo profilo non è possibile.',
    nb:
      'Dette er en fiktiv profil. Meldingene besvares av ansatte i Flirtlokaal; ' +
      'fysisk kontakt med denne profilen er ikke mulig.',
    nl:
      'Dit is een fictief profiel. De berichten worden beantwoord door medewerkers van Flirtlokaal; ' +
      'fysiek contact met dit profiel is niet mogelijk.',
    pl:
      'To jest profil fikcyjny. Na wiadomości odpowiadają pracownicy Flirtlokaal; ' +
      'kontakt fizyczny z tym profilem nie jest możliwy.',
    sv:
      'Det här är en fiktiv profil. Meddelandena besvaras av personal på Flirtlokaal; ' +
      'fysisk kontakt med den här profilen är inte möjlig.',
  },
  visible_profile_notes: {
    description: {
      da: 'Del ikke dit telefonnummer eller din adresse i din beskrivelse.',
      de: 'Teile in deiner Beschreibung keine Telefonnummer und keine Adresse.',
      en: 'Do not share a phone number or address in your description.',
      es: 'No compartas tu número de teléfono ni tu dirección en tu descripción.',
      fi: 'Älä kerro puhelinnumeroasi tai osoitettasi kuvauksessasi.',
      fr: 'Ne partage ni numéro de téléphone ni adresse dans ta description.',
      it: 'Non condividere numeri di telefono o indirizzi nella tua descrizione.',
      nb: 'Ikke del telefonnummer eller adresse i beskrivelsen din.',
      nl: 'Deel geen telefoonnummer of adres in je omschrijving.',
      pl: 'Nie podawaj w opisie numeru telefonu ani adresu.',
      sv: 'Dela inte ditt telefonnummer eller din adress i din beskrivning.',
    },
    city: {
      da: 'Kun din by er synlig, aldrig din præcise placering.',
      de: 'Nur dein Wohnort ist sichtbar, nie dein genauer Standort.',
      en: 'Only your town is shown, never your exact location.',
      es: 'Solo se muestra tu localidad, nunca tu ubicación exacta.',
      fi: 'Vain paikkakuntasi näkyy, ei koskaan tarkkaa sijaintiasi.',
      fr: 'Seule ta ville est visible, jamais ta position exacte.',
      it: 'È visibile solo la tua città, mai la tua posizione esatta.',
      nb: 'Bare hjemstedet ditt vises, aldri den nøyaktige posisjonen din.',
      nl: 'Alleen je woonplaats is zichtbaar, nooit je exacte locatie.',
      pl: 'Widoczna jest tylko Twoja miejscowość, nigdy dokładna lokalizacja.',
      sv: 'Bara din ort visas, aldrig din exakta plats.',
    },
  },
};

/** `DEMO_SITE_TEXTS` as stored in `sites.texts` (contracts SiteTexts). */
export function demoSiteTexts(): SiteTexts {
  return structuredClone(DEMO_SITE_TEXTS);
}
