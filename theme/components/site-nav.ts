// The site's navigation as the theme reads it (ctx.nav). bankdocs builds it from the Site
// model (src/render/site-nav.ts); the theme only draws it.
export { guidePath, type HelpSection, type NavItem, type SiteNav } from '../../src/theme-api.js';
