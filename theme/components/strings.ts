// Interface strings of the theme, per locale. The menu and footer labels are in
// docs.config.yaml; these are the theme's own words.
export interface UiStrings {
  skipToContent: string;
  menu: string;
  toggleMenu: string;
  onThisPage: string;
  previous: string;
  next: string;
  fallbackNotice: string;
  versions: string;
  effectiveFrom: string;
  latest: string;
  youAreReading: string;
  legalSample: string;
  notFoundText: string;
  backHome: string;
  introduction: string;
  faq: string;
  exampleLanguage: string;
  copy: string;
  helpSections: string;
  emptyTab: string;
  copied: string;
  copyFailed: string;
  close: string;
  loadError: string;
  toggleApiMenu: string;
  language: string;
}

const en: UiStrings = {
  skipToContent: 'Skip to content',
  menu: 'Menu',
  toggleMenu: 'Show or hide the menu',
  onThisPage: 'On this page',
  previous: 'Previous',
  next: 'Next',
  fallbackNotice: 'This page is not available in your language yet; you are reading the English text.',
  versions: 'All versions',
  effectiveFrom: 'Effective from',
  latest: 'latest',
  youAreReading: 'You are reading version',
  legalSample: 'Sample text for a fictional platform. It is not a legal document and binds no one.',
  notFoundText: 'The page you asked for does not exist or has moved.',
  backHome: 'Go to the home page',
  introduction: 'Introduction',
  faq: 'FAQ',
  exampleLanguage: 'Example language',
  copy: 'Copy',
  helpSections: 'Help sections',
  emptyTab: 'Nothing to show in this tab.',
  copied: 'Copied to the clipboard',
  copyFailed: 'Could not copy: select the text and copy it by hand',
  close: 'Close',
  loadError: 'Part of this page could not be loaded. Check your connection and try again.',
  toggleApiMenu: 'Show or hide the API menu',
  language: 'Language',
};

const nl: UiStrings = {
  skipToContent: 'Naar de inhoud',
  menu: 'Menu',
  toggleMenu: 'Menu tonen of verbergen',
  onThisPage: 'Op deze pagina',
  previous: 'Vorige',
  next: 'Volgende',
  fallbackNotice: 'Deze pagina is nog niet in het Nederlands beschikbaar; u leest de Engelse tekst.',
  versions: 'Alle versies',
  effectiveFrom: 'Van kracht vanaf',
  latest: 'nieuwste',
  youAreReading: 'U leest versie',
  legalSample: 'Voorbeeldtekst voor een fictief platform. Dit is geen juridisch document en bindt niemand.',
  notFoundText: 'De pagina die u zoekt bestaat niet of is verplaatst.',
  backHome: 'Naar de startpagina',
  introduction: 'Introductie',
  faq: 'Veelgestelde vragen',
  exampleLanguage: 'Taal van de voorbeelden',
  copy: 'Kopiëren',
  helpSections: 'Hulponderwerpen',
  emptyTab: 'Dit tabblad heeft geen inhoud.',
  copied: 'Gekopieerd naar het klembord',
  copyFailed: 'Kopiëren mislukt: selecteer de tekst en kopieer die zelf',
  close: 'Sluiten',
  loadError: 'Een deel van deze pagina kon niet worden geladen. Controleer uw verbinding en probeer het opnieuw.',
  toggleApiMenu: 'API-menu tonen of verbergen',
  language: 'Taal',
};

const fr: UiStrings = {
  skipToContent: 'Aller au contenu',
  menu: 'Menu',
  toggleMenu: 'Afficher ou masquer le menu',
  onThisPage: 'Sur cette page',
  previous: 'Précédent',
  next: 'Suivant',
  fallbackNotice: 'Cette page n’est pas encore disponible en français ; vous lisez le texte anglais.',
  versions: 'Toutes les versions',
  effectiveFrom: 'En vigueur depuis le',
  latest: 'la plus récente',
  youAreReading: 'Vous lisez la version',
  legalSample: 'Texte d’exemple pour une plateforme fictive. Ce n’est pas un document juridique et il n’engage personne.',
  notFoundText: 'La page demandée n’existe pas ou a été déplacée.',
  backHome: 'Aller à la page d’accueil',
  introduction: 'Introduction',
  faq: 'FAQ',
  exampleLanguage: 'Langage des exemples',
  copy: 'Copier',
  helpSections: 'Rubriques d’aide',
  emptyTab: 'Cet onglet n’a pas de contenu.',
  copied: 'Copié dans le presse-papiers',
  copyFailed: 'Copie impossible : sélectionnez le texte et copiez-le vous-même',
  close: 'Fermer',
  loadError: 'Une partie de cette page n’a pas pu être chargée. Vérifiez votre connexion et réessayez.',
  toggleApiMenu: 'Afficher ou masquer le menu de l’API',
  language: 'Langue',
};

const es: UiStrings = {
  skipToContent: 'Ir al contenido',
  menu: 'Menú',
  toggleMenu: 'Mostrar u ocultar el menú',
  onThisPage: 'En esta página',
  previous: 'Anterior',
  next: 'Siguiente',
  fallbackNotice: 'Esta página aún no está disponible en español; está leyendo el texto en inglés.',
  versions: 'Todas las versiones',
  effectiveFrom: 'En vigor desde el',
  latest: 'la más reciente',
  youAreReading: 'Está leyendo la versión',
  legalSample: 'Texto de ejemplo para una plataforma ficticia. No es un documento legal y no obliga a nadie.',
  notFoundText: 'La página que busca no existe o se ha movido.',
  backHome: 'Ir a la página de inicio',
  introduction: 'Introducción',
  faq: 'Preguntas frecuentes',
  exampleLanguage: 'Lenguaje de los ejemplos',
  copy: 'Copiar',
  helpSections: 'Secciones de ayuda',
  emptyTab: 'Esta pestaña no tiene contenido.',
  copied: 'Copiado al portapapeles',
  copyFailed: 'No se pudo copiar: seleccione el texto y cópielo usted mismo',
  close: 'Cerrar',
  loadError: 'No se pudo cargar una parte de esta página. Compruebe su conexión e inténtelo de nuevo.',
  toggleApiMenu: 'Mostrar u ocultar el menú de la API',
  language: 'Idioma',
};

/** Names of locales in their own language, for the locale picker. */
export const LOCALE_NAMES: Record<string, string> = { en: 'English', nl: 'Nederlands', fr: 'Français', es: 'Español', de: 'Deutsch', it: 'Italiano', pt: 'Português' };

const byLocale: Record<string, UiStrings> = { en, nl, fr, es };

/** The strings of a locale, falling back to English for a locale the theme does not know. */
export function uiStrings(locale: string): UiStrings {
  return byLocale[locale] ?? en;
}
