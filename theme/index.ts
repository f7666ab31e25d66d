// The built-in theme (issue #16): one Theme object (src/theme/contract.ts) and each of its
// components by name. This is what bankdocs renders with, the one module of theme/ that
// src/ imports, and the package's "bankdocs/theme": a site's override imports the
// component it wraps from here (`import { Footer } from 'bankdocs/theme'`).
import type { Theme, ThemeComponents } from '../src/theme-api.js';
import { ApiLayout, ApiSidebar } from './components/api.js';
import { Footer, Header } from './components/chrome.js';
import { ConsentTemplate } from './components/consent.js';
import { BOOT_SCRIPT, Document } from './components/document.js';
import { ArticleSidebar, Breadcrumbs, HelpSidebar, LegalSidebar } from './components/frame.js';
import { HomeLayout, NotFoundLayout } from './components/home.js';
import { ArticleLayout, CopyPageButton, FallbackNotice, HelpLayout, LegalLayout, PrevNext, Toc } from './components/layouts.js';
import { CodeBlock, Image, Link, ListItem, Table } from './components/markdown.js';
import { Example, Field, Fields, Operation, Schema } from './components/operation.js';
import { builtinStrings } from './components/strings.js';
import { TabPanel, Tabs } from './components/tabs.js';

export * from '../src/theme-api.js';
export { dateIn, fallbackNoticeText, languageNameIn, LOCALE_NAMES, localeName } from './components/strings.js';

const Consent = ConsentTemplate;

export {
  ApiLayout,
  ApiSidebar,
  ArticleLayout,
  ArticleSidebar,
  Breadcrumbs,
  CodeBlock,
  Consent,
  CopyPageButton,
  Document,
  Example,
  FallbackNotice,
  Field,
  Fields,
  Footer,
  Header,
  HelpLayout,
  HelpSidebar,
  HomeLayout,
  Image,
  LegalLayout,
  LegalSidebar,
  Link,
  ListItem,
  NotFoundLayout,
  Operation,
  PrevNext,
  Schema,
  Table,
  TabPanel,
  Tabs,
  Toc,
};

export const builtinComponents: ThemeComponents = {
  Document,
  Header,
  Footer,
  Consent,
  Breadcrumbs,
  Toc,
  PrevNext,
  FallbackNotice,
  CopyPageButton,
  ArticleLayout,
  HelpLayout,
  LegalLayout,
  HomeLayout,
  ApiLayout,
  NotFoundLayout,
  ArticleSidebar,
  HelpSidebar,
  LegalSidebar,
  ApiSidebar,
  Link,
  CodeBlock,
  Table,
  Image,
  ListItem,
  Tabs,
  TabPanel,
  Operation,
  Fields,
  Field,
  Example,
  Schema,
};

export const builtinTheme: Theme = {
  name: 'bankdocs',
  layouts: {
    article: { main: 'ArticleLayout', sidebar: 'ArticleSidebar' },
    help: { main: 'HelpLayout', sidebar: 'HelpSidebar' },
    legal: { main: 'LegalLayout', sidebar: 'LegalSidebar' },
    home: { main: 'HomeLayout', sidebar: null },
    api: { main: 'ApiLayout', sidebar: 'ApiSidebar' },
    'not-found': { main: 'NotFoundLayout', sidebar: null },
  },
  components: builtinComponents,
  strings: builtinStrings,
  assets: { client: 'client/main.ts', redirect: 'client/redirect.ts', css: 'styles/site.css' },
  bootScript: BOOT_SCRIPT,
};
