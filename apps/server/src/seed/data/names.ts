/**
 * Names and profile texts for the demo seed, per language area: 'nl' (Netherlands, Flanders),
 * 'de' (Germany, Austria) and 'fr' (Wallonia, half of Brussels). Descriptions are first-person and
 * gender-neutral so any fragment fits any member; they are composed from fragments so 600 members
 * do not share a handful of texts.
 */
import { pickOne, type Rand } from '../random.js';

/** Language area of a member; also their description's language. */
export type NameArea = 'nl' | 'de' | 'fr';

/** First names per area and gender (common in the last 60 years, so they fit every age). */
export const FIRST_NAMES: Record<NameArea, { male: readonly string[]; female: readonly string[] }> = {
  nl: {
    male: [
      'Daan', 'Sem', 'Thijs', 'Jeroen', 'Bas', 'Ruben', 'Niels', 'Joost', 'Maarten', 'Pieter', 'Wouter',
      'Sander', 'Bram', 'Rick', 'Tim', 'Jasper', 'Martijn', 'Erik', 'Marco', 'Dennis', 'Kees', 'Henk',
      'Jan', 'Gert', 'Ronald', 'Marcel', 'Frank', 'Peter', 'Arjan', 'Koen', 'Stijn', 'Lars', 'Luuk',
      'Jesse', 'Mark', 'Robin', 'Vincent', 'Wim', 'Gijs', 'Jelle', 'Michiel', 'Wout', 'Jens', 'Senne',
    ],
    female: [
      'Sanne', 'Lisa', 'Emma', 'Anouk', 'Femke', 'Lotte', 'Eva', 'Iris', 'Marieke', 'Esther', 'Linda',
      'Monique', 'Sandra', 'Petra', 'Ingrid', 'Wendy', 'Kim', 'Anne', 'Fleur', 'Maaike', 'Sophie',
      'Julia', 'Noor', 'Laura', 'Manon', 'Ilse', 'Ellen', 'Karin', 'Mirjam', 'Nicole', 'Yvonne', 'Joyce',
      'Chantal', 'Naomi', 'Romy', 'Britt', 'Daphne', 'Marloes', 'Tessa', 'Floor', 'Lien', 'Nele',
      'Katrien', 'Hanne',
    ],
  },
  de: {
    male: [
      'Lukas', 'Jonas', 'Felix', 'Maximilian', 'Leon', 'Paul', 'Tobias', 'Florian', 'Sebastian',
      'Alexander', 'Stefan', 'Michael', 'Thomas', 'Andreas', 'Markus', 'Christian', 'Daniel', 'Matthias',
      'Jan', 'Tim', 'Philipp', 'Simon', 'Moritz', 'Niklas', 'Jürgen', 'Klaus', 'Wolfgang', 'Uwe', 'Dieter',
      'Frank', 'Ralf', 'Bernd', 'Holger', 'Sven', 'Dirk', 'Georg', 'Johannes', 'Martin', 'Patrick',
      'Dominik', 'Fabian', 'Lorenz', 'Manuel',
    ],
    female: [
      'Anna', 'Laura', 'Julia', 'Lena', 'Sarah', 'Katharina', 'Lisa', 'Hannah', 'Lea', 'Sophie', 'Marie',
      'Johanna', 'Sabine', 'Petra', 'Claudia', 'Andrea', 'Nicole', 'Stefanie', 'Susanne', 'Birgit', 'Anja',
      'Melanie', 'Katrin', 'Christina', 'Jessica', 'Jana', 'Nadine', 'Sandra', 'Tanja', 'Bettina',
      'Franziska', 'Vanessa', 'Carina', 'Theresa', 'Magdalena', 'Elisabeth', 'Monika', 'Ute', 'Heike',
      'Kerstin', 'Mia', 'Emilia',
    ],
  },
  fr: {
    male: [
      'Thomas', 'Nicolas', 'Julien', 'Maxime', 'Antoine', 'Alexandre', 'Kevin', 'Romain', 'Sébastien',
      'Mathieu', 'Olivier', 'Christophe', 'Laurent', 'Philippe', 'Pierre', 'Jean', 'Michel', 'Alain',
      'Didier', 'Frédéric', 'Benoît', 'Cédric', 'Grégory', 'Jérôme', 'Arnaud', 'Quentin', 'Hugo', 'Lucas',
      'Louis', 'Théo', 'Raphaël', 'Simon', 'Guillaume', 'Vincent', 'François', 'Marc', 'Pascal', 'Damien',
      'Thierry', 'Xavier',
    ],
    female: [
      'Camille', 'Chloé', 'Manon', 'Léa', 'Sarah', 'Julie', 'Marie', 'Pauline', 'Laura', 'Céline',
      'Aurélie', 'Émilie', 'Sophie', 'Nathalie', 'Isabelle', 'Valérie', 'Sandrine', 'Stéphanie',
      'Caroline', 'Virginie', 'Mélanie', 'Amandine', 'Justine', 'Charlotte', 'Élodie', 'Anne', 'Catherine',
      'Christine', 'Martine', 'Véronique', 'Inès', 'Louise', 'Zoé', 'Margaux', 'Océane', 'Audrey',
      'Delphine', 'Sylvie', 'Florence', 'Lucie',
    ],
  },
};

/** Family names per area; only used in seed e-mail addresses, never shown on a profile. */
export const LAST_NAMES: Record<NameArea, readonly string[]> = {
  nl: [
    'de Jong', 'Jansen', 'de Vries', 'van den Berg', 'van Dijk', 'Bakker', 'Janssen', 'Visser', 'Smit',
    'Meijer', 'de Boer', 'Mulder', 'de Groot', 'Bos', 'Vos', 'Peters', 'Hendriks', 'van Leeuwen', 'Dekker',
    'Brouwer', 'de Wit', 'Dijkstra', 'Smits', 'de Graaf', 'van der Meer', 'Peeters', 'Maes', 'Jacobs',
    'Willems', 'Claes', 'Goossens', 'Wouters',
  ],
  de: [
    'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann',
    'Schäfer', 'Koch', 'Bauer', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann',
    'Braun', 'Krüger', 'Hofmann', 'Hartmann', 'Lange', 'Gruber', 'Huber', 'Wimmer', 'Pichler', 'Steiner',
  ],
  fr: [
    'Dubois', 'Lambert', 'Dupont', 'Martin', 'Simon', 'Laurent', 'Leclercq', 'Lejeune', 'Renard', 'Dumont',
    'Mertens', 'François', 'Lemaire', 'Collard', 'Gérard', 'Michel', 'Denis', 'Leroy', 'Noël', 'Henry',
  ],
};

const FRAGMENTS: Record<NameArea, { openers: string[]; middles: string[]; closers: string[] }> = {
  nl: {
    openers: [
      'Woon sinds een paar jaar in {city} en ben benieuwd wie hier nog meer rondloopt.',
      'Gezellig, eerlijk en altijd in voor een goed gesprek.',
      'Nieuw hier! Even kijken of er in de buurt van {city} leuke mensen zitten.',
      'Ik ben iemand die van het leven geniet en graag lacht.',
      'Nuchter, spontaan en een tikkeltje eigenwijs.',
      'Op zoek naar een klik, en wie weet wat daarna.',
      'Na een drukke werkweek ben ik wel toe aan wat gezelligheid.',
      'Geboren en getogen in {city}, maar ik reis graag.',
    ],
    middles: [
      'In het weekend zit ik het liefst op een terrasje of maak ik een lange wandeling.',
      'Ik kook graag en een goed glas wijn sla ik niet af.',
      'Sporten houdt me scherp, maar een avondje op de bank met een film is ook heerlijk.',
      'Muziek staat bij mij altijd aan, van pop tot jazz.',
      'Ik hou van humor, goede gesprekken en mensen die zichzelf durven te zijn.',
      'Mijn vrienden noemen me zorgzaam en een beetje ondeugend.',
      'Reizen is mijn grote passie; de volgende bestemming staat al op het lijstje.',
      'Ik ben een ochtendmens en begin de dag het liefst met een sterke koffie.',
      'Een dagje strand of een stedentrip, ik ben overal voor te porren.',
      'Eerlijkheid vind ik het belangrijkste, de rest komt vanzelf.',
    ],
    closers: [
      'Stuur gerust een berichtje!',
      'Durf jij de eerste stap te zetten?',
      'Ben je nieuwsgierig geworden? Zeg gerust hoi.',
      'Wie weet tot snel!',
      'Geen zin in spelletjes, wel in een leuk gesprek.',
      'Zin om te kletsen? Ik hoor graag van je.',
    ],
  },
  de: {
    openers: [
      'Ich wohne seit ein paar Jahren in {city} und bin gespannt, wer hier noch so unterwegs ist.',
      'Ehrlich, humorvoll und immer für ein gutes Gespräch zu haben.',
      'Neu hier! Mal schauen, ob es rund um {city} nette Leute gibt.',
      'Ich genieße das Leben und lache gern.',
      'Bodenständig, spontan und manchmal ein bisschen frech.',
      'Auf der Suche nach einem Funken, und wer weiß, was dann kommt.',
      'Nach einer stressigen Woche freue ich mich auf entspannte Abende.',
      'Aufgewachsen in {city}, aber ich bin gern unterwegs.',
    ],
    middles: [
      'Am Wochenende sitze ich am liebsten im Café oder mache einen langen Spaziergang.',
      'Ich koche gern, und zu einem guten Glas Wein sage ich nicht nein.',
      'Sport hält mich fit, aber ein Filmabend auf der Couch ist auch herrlich.',
      'Bei mir läuft immer Musik, von Pop bis Jazz.',
      'Ich mag Humor, tiefe Gespräche und Menschen, die sich selbst treu bleiben.',
      'Meine Freunde sagen, ich sei fürsorglich und ein bisschen verrückt.',
      'Reisen ist meine große Leidenschaft; das nächste Ziel steht schon fest.',
      'Ohne Kaffee am Morgen geht bei mir gar nichts.',
      'Ob Strandtag oder Städtetrip, ich bin für vieles zu haben.',
      'Ehrlichkeit ist mir am wichtigsten, der Rest ergibt sich.',
    ],
    closers: [
      'Schreib mir einfach!',
      'Traust du dich, den ersten Schritt zu machen?',
      'Neugierig geworden? Sag einfach hallo.',
      'Vielleicht bis bald!',
      'Keine Lust auf Spielchen, aber auf nette Gespräche.',
      'Lust zu plaudern? Ich freue mich auf deine Nachricht.',
    ],
  },
  fr: {
    openers: [
      "Je vis à {city} depuis quelques années et j'ai envie de faire de nouvelles rencontres.",
      'Sincérité, humour et bonne humeur : voilà ce qui me décrit.',
      'Première fois ici ! Voyons qui se cache près de {city}.',
      "J'aime la vie et je ris facilement.",
      "Spontanéité et simplicité, c'est ma devise.",
      "À la recherche d'une belle rencontre, et qui sait ce qui suivra.",
    ],
    middles: [
      'Le week-end, on me trouve en terrasse ou en balade.',
      "J'adore cuisiner et je ne dis jamais non à un bon verre de vin.",
      "Le sport me garde en forme, mais une soirée film sur le canapé, c'est parfait aussi.",
      "La musique m'accompagne partout, de la pop au jazz.",
      "J'aime l'humour, les longues discussions et les gens authentiques.",
      'Voyager est ma grande passion ; la prochaine destination est déjà choisie.',
      'Pas de matin sans un bon café.',
      "L'honnêteté avant tout, le reste vient tout seul.",
    ],
    closers: [
      "N'hésite pas à m'écrire !",
      'Oseras-tu faire le premier pas ?',
      'Curieux ou curieuse ? Dis bonjour !',
      'À bientôt peut-être !',
      "Envie de discuter ? J'attends ton message.",
    ],
  },
};

/** A 2-4 sentence first-person description in the area's language, mentioning `city` in some openers. */
export function composeDescription(area: NameArea, city: string, rand: Rand): string {
  const f = FRAGMENTS[area];
  const first = pickOne(rand, f.middles);
  let second = pickOne(rand, f.middles);
  if (second === first) second = '';
  const parts = [pickOne(rand, f.openers).replace('{city}', city), first];
  if (rand() < 0.5 && second) parts.push(second);
  if (rand() < 0.75) parts.push(pickOne(rand, f.closers));
  return parts.join(' ');
}

/** The shown profile name: mostly the plain first name, sometimes nickname style ("Sanne_83", "lukas1987"). */
export function composeProfileName(first: string, birthYear: number, rand: Rand): string {
  const r = rand();
  const yy = String(birthYear % 100).padStart(2, '0');
  if (r < 0.7) return first;
  if (r < 0.82) return `${first}_${yy}`;
  if (r < 0.9) return `${first.toLowerCase()}${birthYear}`;
  return `${first}${10 + Math.floor(rand() * 90)}`;
}

/** Lower-case ASCII form for e-mail local parts: accents stripped, spaces and apostrophes dropped. */
export function asciiSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}
