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
      <section className="consent" role="dialog" aria-modal="false" aria-labelledby="consent-title" aria-describedby="consent-text">
        <div className="consent-text">
          <h2 id="consent-title">{strings.consentTitle}</h2> <p id="consent-text">{strings.consentText}</p>
        </div>
        <div className="consent-choices" hidden>
          <label>
            <input type="checkbox" checked disabled /> <strong>{strings.necessary}</strong>: {strings.necessaryText}
          </label>
          {categories.map((category) => (
            <label key={category}>
              <input type="checkbox" name={category} /> <strong>{label[category][0]}</strong>: {label[category][1]}
            </label>
          ))}
        </div>
        <div className="consent-actions">
          <button type="button" data-consent="accept">
            {strings.acceptAll}
          </button>
          <button type="button" data-consent="reject">
            {strings.rejectAll}
          </button>
          <button type="button" data-consent="choose" aria-expanded="false">
            {strings.choose}
          </button>
          <button type="button" data-consent="save" hidden>
            {strings.saveChoices}
          </button>
        </div>
      </section>
    </template>
  );
}
