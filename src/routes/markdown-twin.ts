// Where the Markdown versions of the site live (issue #18): a `.md` twin beside every
// page, and the llms.txt files at the root. Dependency-free: the theme links them too.

/** "/developers/dashboard-api" -> "/developers/dashboard-api.md"; "/nl/support" -> "/nl/support.md". */
export function markdownTwinUrl(url: string): string {
  return `${url.replace(/\/+$/, '') || '/index'}.md`;
}

export const LLMS_TXT_URL = '/llms.txt';
export const LLMS_FULL_TXT_URL = '/llms-full.txt';
