// What every theme component may read about the page being rendered: the contract's
// ThemeContext (src/theme/contract.ts), built per document by src/render.
export type { ThemeContext } from '../../src/theme-api.js';
