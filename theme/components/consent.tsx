// The cookie consent bar, as a template the runtime's consent part clones on a first
// visit or from the footer's "Cookies settings". Only categories a service needs appear.
// "Accept all" and "Reject all" come first and look alike (issue #19).
import type { ThemeContext } from '../../src/theme-api.js';

export function ConsentTemplate({ ctx }: { ctx: ThemeContext }) {
  const { strings } = ctx;
  const categories = [...new Set(ctx.config.services.map((s) => s.category))];
  if (!categories.length) return null;
  const label = { functional: [strings.functional, strings.functionalText], analytics: [strings.analytics, strings.analyticsText] } as const;
  return (
    <template id="bankdocs-consent">
      {/* In the page's locale, which <html lang> is not once the runtime follows the stored one (pages that are not translated); data-string names each text for it to swap (theme/client/locale.ts). */}
      <section className="consent" role="dialog" aria-modal="false" aria-labelledby="consent-title" aria-describedby="consent-text" lang={ctx.locale}>
        <div className="consent-text">
          <h2 id="consent-title" data-string="consentTitle">
            {strings.consentTitle}
          </h2>{' '}
          <p id="consent-text" data-string="consentText">
            {strings.consentText}
          </p>
        </div>
        <div className="consent-choices" hidden>
          <label>
            <input type="checkbox" checked disabled /> <strong data-string="necessary">{strings.necessary}</strong>: <span data-string="necessaryText">{strings.necessaryText}</span>
          </label>
          {categories.map((category) => (
            <label key={category}>
              <input type="checkbox" name={category} /> <strong data-string={category}>{label[category][0]}</strong>: <span data-string={`${category}Text`}>{label[category][1]}</span>
            </label>
          ))}
        </div>
        <div className="consent-actions">
          <button type="button" data-consent="accept" data-string="acceptAll">
            {strings.acceptAll}
          </button>
          <button type="button" data-consent="reject" data-string="rejectAll">
            {strings.rejectAll}
          </button>
          <button type="button" data-consent="choose" aria-expanded="false" data-string="choose">
            {strings.choose}
          </button>
          <button type="button" data-consent="save" hidden data-string="saveChoices">
            {strings.saveChoices}
          </button>
        </div>
      </section>
    </template>
  );
}
