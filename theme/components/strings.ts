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
  /** "Copy page as Markdown" (issue #18): the button, its confirmation, and its failure ("{url}" is the page's .md address). */
  copyPage: string;
  copyPageDone: string;
  copyPageFailed: string;
  close: string;
  loadError: string;
  toggleApiMenu: string;
  language: string;
  consentTitle: string;
  consentText: string;
  acceptAll: string;
  rejectAll: string;
  choose: string;
  saveChoices: string;
  necessary: string;
  necessaryText: string;
  functional: string;
  functionalText: string;
  analytics: string;
  analyticsText: string;
  serviceError: string;
  /** Search (issue #17): the header button and the dialog; the dialog gets them with the index. */
  search: string;
  searchPlaceholder: string;
  searchResults: string;
  /** "{query}" is replaced by what was typed. */
  searchNoResults: string;
  /** "{count}" is replaced by the number of results. */
  searchCount: string;
  searchCountOne: string;
  searchFailed: string;
  searchHelp: string;
  searchGroups: { api: string; guide: string; help: string; support: string; legal: string; home: string };
  /** Issue #19: the page frame (breadcrumbs, sidebars, colour scheme), the landing page and the 404 page. */
  home: string;
  breadcrumbs: string;
  guides: string;
  apiReference: string;
  darkMode: string;
  closeMenu: string;
  request: string;
  response: string;
  /** The landing page's calls to action and card titles; "{product}" is the product name. */
  heroPrimary: string;
  heroSecondary: string;
  exploreGuides: string;
  apiReferenceText: string;
  supportText: string;
  /** The 404 page: a search box ("{query}" searches) and the main sections. */
  notFoundSearch: string;
  notFoundSections: string;
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
  copyPage: 'Copy page as Markdown',
  copyPageDone: 'Page copied as Markdown',
  copyPageFailed: 'Could not copy the page. Its Markdown version is at {url}',
  close: 'Close',
  loadError: 'Part of this page could not be loaded. Check your connection and try again.',
  toggleApiMenu: 'Show or hide the API menu',
  language: 'Language',
  consentTitle: "Cookies and embedded services",
  consentText: "We use what this site needs to work. With your consent we also load a support chat (functional) and measure how pages are used (analytics). You can change your choice at any time under “Cookies settings” in the footer.",
  acceptAll: "Accept all",
  rejectAll: "Reject all",
  choose: "Choose",
  saveChoices: "Save choices",
  necessary: "Necessary",
  necessaryText: "Keeps your language and example choices. Always on.",
  functional: "Functional",
  functionalText: "The support chat widget.",
  analytics: "Analytics",
  analyticsText: "Anonymous statistics on how pages are used.",
  serviceError: "An embedded service could not be loaded; the page works without it.",
  search: 'Search',
  searchPlaceholder: 'Search the documentation',
  searchResults: 'Search results',
  searchNoResults: 'No results for “{query}”.',
  searchCount: '{count} results',
  searchCountOne: '1 result',
  searchFailed: 'Search could not be loaded. Check your connection and try again.',
  searchHelp: 'Use ↑ and ↓ to move through the results, Enter to open one, Escape to close.',
  searchGroups: { api: 'API reference', guide: 'Guides', help: 'Help', support: 'Support', legal: 'Legal', home: 'Home' },
  home: 'Home',
  breadcrumbs: 'Breadcrumb',
  guides: 'Guides',
  apiReference: 'API reference',
  darkMode: 'Dark mode',
  closeMenu: 'Close the menu',
  request: 'Request',
  response: 'Response',
  heroPrimary: 'Get started',
  heroSecondary: 'API reference',
  exploreGuides: 'Developer guides',
  apiReferenceText: 'Every operation with its parameters, rules and examples in curl and Ruby.',
  supportText: 'Questions about your organization, billing or approvals: we help.',
  notFoundSearch: 'Search the documentation',
  notFoundSections: 'Or go to one of these sections:',
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
  copyPage: 'Pagina kopiëren als Markdown',
  copyPageDone: 'Pagina gekopieerd als Markdown',
  copyPageFailed: 'Kopiëren van de pagina mislukt. De Markdown-versie staat op {url}',
  close: 'Sluiten',
  loadError: 'Een deel van deze pagina kon niet worden geladen. Controleer uw verbinding en probeer het opnieuw.',
  toggleApiMenu: 'API-menu tonen of verbergen',
  language: 'Taal',
  consentTitle: "Cookies en ingebedde diensten",
  consentText: "Wij gebruiken wat deze site nodig heeft om te werken. Met uw toestemming laden we ook een supportchat (functioneel) en meten we hoe pagina’s worden gebruikt (analytisch). U kunt uw keuze altijd wijzigen via “Cookie-instellingen” onderaan de pagina.",
  acceptAll: "Alles accepteren",
  rejectAll: "Alles weigeren",
  choose: "Kiezen",
  saveChoices: "Keuze opslaan",
  necessary: "Noodzakelijk",
  necessaryText: "Onthoudt uw taal en de taal van de voorbeelden. Altijd aan.",
  functional: "Functioneel",
  functionalText: "De supportchat.",
  analytics: "Analytisch",
  analyticsText: "Anonieme statistieken over het gebruik van pagina’s.",
  serviceError: "Een ingebedde dienst kon niet worden geladen; de pagina werkt zonder.",
  search: 'Zoeken',
  searchPlaceholder: 'Zoeken in de documentatie',
  searchResults: 'Zoekresultaten',
  searchNoResults: 'Geen resultaten voor “{query}”.',
  searchCount: '{count} resultaten',
  searchCountOne: '1 resultaat',
  searchFailed: 'Zoeken kon niet worden geladen. Controleer uw verbinding en probeer het opnieuw.',
  searchHelp: 'Gebruik ↑ en ↓ om door de resultaten te gaan, Enter om er een te openen en Escape om te sluiten.',
  searchGroups: { api: 'API-referentie', guide: 'Handleidingen', help: 'Hulp', support: 'Support', legal: 'Juridisch', home: 'Start' },
  home: 'Home',
  breadcrumbs: 'Kruimelpad',
  guides: 'Handleidingen',
  apiReference: 'API-referentie',
  darkMode: 'Donkere modus',
  closeMenu: 'Menu sluiten',
  request: 'Verzoek',
  response: 'Antwoord',
  heroPrimary: 'Aan de slag',
  heroSecondary: 'API-referentie',
  exploreGuides: 'Handleidingen voor ontwikkelaars',
  apiReferenceText: 'Elke bewerking met haar parameters, regels en voorbeelden in curl en Ruby.',
  supportText: 'Vragen over uw organisatie, facturatie of goedkeuringen: wij helpen u.',
  notFoundSearch: 'Zoeken in de documentatie',
  notFoundSections: 'Of ga naar een van deze onderdelen:',
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
  copyPage: 'Copier la page en Markdown',
  copyPageDone: 'Page copiée en Markdown',
  copyPageFailed: 'Copie de la page impossible. Sa version Markdown est à l’adresse {url}',
  close: 'Fermer',
  loadError: 'Une partie de cette page n’a pas pu être chargée. Vérifiez votre connexion et réessayez.',
  toggleApiMenu: 'Afficher ou masquer le menu de l’API',
  language: 'Langue',
  consentTitle: "Cookies et services intégrés",
  consentText: "Nous utilisons ce dont ce site a besoin pour fonctionner. Avec votre accord, nous chargeons aussi un chat d’assistance (fonctionnel) et mesurons l’usage des pages (statistiques). Vous pouvez modifier votre choix à tout moment via « Paramètres des cookies » en bas de page.",
  acceptAll: "Tout accepter",
  rejectAll: "Tout refuser",
  choose: "Choisir",
  saveChoices: "Enregistrer mes choix",
  necessary: "Nécessaires",
  necessaryText: "Mémorisent votre langue et le langage des exemples. Toujours actifs.",
  functional: "Fonctionnels",
  functionalText: "Le chat d’assistance.",
  analytics: "Statistiques",
  analyticsText: "Des statistiques anonymes sur l’usage des pages.",
  serviceError: "Un service intégré n’a pas pu être chargé ; la page fonctionne sans lui.",
  search: 'Rechercher',
  searchPlaceholder: 'Rechercher dans la documentation',
  searchResults: 'Résultats de la recherche',
  searchNoResults: 'Aucun résultat pour « {query} ».',
  searchCount: '{count} résultats',
  searchCountOne: '1 résultat',
  searchFailed: 'La recherche n’a pas pu être chargée. Vérifiez votre connexion et réessayez.',
  searchHelp: 'Utilisez ↑ et ↓ pour parcourir les résultats, Entrée pour en ouvrir un, Échap pour fermer.',
  searchGroups: { api: 'Référence de l’API', guide: 'Guides', help: 'Aide', support: 'Assistance', legal: 'Juridique', home: 'Accueil' },
  home: 'Accueil',
  breadcrumbs: 'Fil d’Ariane',
  guides: 'Guides',
  apiReference: 'Référence de l’API',
  darkMode: 'Mode sombre',
  closeMenu: 'Fermer le menu',
  request: 'Requête',
  response: 'Réponse',
  heroPrimary: 'Commencer',
  heroSecondary: 'Référence de l’API',
  exploreGuides: 'Guides pour les développeurs',
  apiReferenceText: 'Chaque opération avec ses paramètres, ses règles et des exemples en curl et en Ruby.',
  supportText: 'Des questions sur votre organisation, la facturation ou les approbations : nous vous aidons.',
  notFoundSearch: 'Rechercher dans la documentation',
  notFoundSections: 'Ou allez à l’une de ces rubriques :',
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
  copyPage: 'Copiar página como Markdown',
  copyPageDone: 'Página copiada como Markdown',
  copyPageFailed: 'No se pudo copiar la página. Su versión en Markdown está en {url}',
  close: 'Cerrar',
  loadError: 'No se pudo cargar una parte de esta página. Compruebe su conexión e inténtelo de nuevo.',
  toggleApiMenu: 'Mostrar u ocultar el menú de la API',
  language: 'Idioma',
  consentTitle: "Cookies y servicios integrados",
  consentText: "Usamos lo que este sitio necesita para funcionar. Con su consentimiento también cargamos un chat de soporte (funcional) y medimos cómo se usan las páginas (analítica). Puede cambiar su elección en cualquier momento en «Configuración de cookies», al pie de la página.",
  acceptAll: "Aceptar todo",
  rejectAll: "Rechazar todo",
  choose: "Elegir",
  saveChoices: "Guardar selección",
  necessary: "Necesarias",
  necessaryText: "Recuerdan su idioma y el lenguaje de los ejemplos. Siempre activas.",
  functional: "Funcionales",
  functionalText: "El chat de soporte.",
  analytics: "Analíticas",
  analyticsText: "Estadísticas anónimas sobre el uso de las páginas.",
  serviceError: "No se pudo cargar un servicio integrado; la página funciona sin él.",
  search: 'Buscar',
  searchPlaceholder: 'Buscar en la documentación',
  searchResults: 'Resultados de la búsqueda',
  searchNoResults: 'No hay resultados para «{query}».',
  searchCount: '{count} resultados',
  searchCountOne: '1 resultado',
  searchFailed: 'No se pudo cargar la búsqueda. Compruebe su conexión e inténtelo de nuevo.',
  searchHelp: 'Use ↑ y ↓ para recorrer los resultados, Intro para abrir uno y Escape para cerrar.',
  searchGroups: { api: 'Referencia de la API', guide: 'Guías', help: 'Ayuda', support: 'Soporte', legal: 'Legal', home: 'Inicio' },
  home: 'Inicio',
  breadcrumbs: 'Ruta de navegación',
  guides: 'Guías',
  apiReference: 'Referencia de la API',
  darkMode: 'Modo oscuro',
  closeMenu: 'Cerrar el menú',
  request: 'Solicitud',
  response: 'Respuesta',
  heroPrimary: 'Empezar',
  heroSecondary: 'Referencia de la API',
  exploreGuides: 'Guías para desarrolladores',
  apiReferenceText: 'Cada operación con sus parámetros, reglas y ejemplos en curl y Ruby.',
  supportText: 'Preguntas sobre su organización, la facturación o las aprobaciones: le ayudamos.',
  notFoundSearch: 'Buscar en la documentación',
  notFoundSections: 'O vaya a una de estas secciones:',
};

/** Names of locales in their own language, for the locale picker. */
export const LOCALE_NAMES: Record<string, string> = { en: 'English', nl: 'Nederlands', fr: 'Français', es: 'Español', de: 'Deutsch', it: 'Italiano', pt: 'Português' };

const byLocale: Record<string, UiStrings> = { en, nl, fr, es };

/** The strings of a locale, falling back to English for a locale the theme does not know. */
export function uiStrings(locale: string): UiStrings {
  return byLocale[locale] ?? en;
}
