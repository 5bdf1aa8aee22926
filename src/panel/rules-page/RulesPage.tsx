// Every rule of every protocol: id, severity, what it means and how to fix it, one anchor per rule.
// Rendered from the protocol registry, so the page and the findings share one source.
import { protocols } from '../../protocols/registry';
import { countBySeverity } from '../../model/finding';
import { ruleDocAnchor } from '../../model/rule-anchor';
import { InlineCode } from './InlineCode';

export function RulesPage() {
  return (
    <main class="rules-page">
      <h1>Rules</h1>
      <p>
        What each finding means, by protocol. Severity: <strong>error</strong> — a reference client would fail or show something wrong;{' '}
        <strong>warning</strong> — a deviation clients survive, or a stream reporting its own failure; <strong>info</strong> — well-formed but not known to
        this version.
      </p>
      <nav>
        {protocols.map((p) => (
          <a key={p.id} href={`#protocol-${p.id}`}>
            {p.title}
          </a>
        ))}
      </nav>
      {protocols.map((p) => {
        const counts = countBySeverity(p.rules.map((r) => ({ ...r, rule: r.id, message: '', frames: [], at: 0 })));
        return (
          <section key={p.id} id={`protocol-${p.id}`}>
            <h2>
              {p.title} <span class="muted">({p.rules.length} rules: {counts.error} error, {counts.warning} warning, {counts.info} info)</span>
            </h2>
            <table>
              <tbody>
                {p.rules.map((r) => (
                  <tr key={r.id} id={ruleDocAnchor(r.id)}>
                    <td class="rule-id">
                      <code>{r.id}</code>
                    </td>
                    <td class={`sev sev-${r.severity}`}>{r.severity}</td>
                    <td>
                      <p class="rule-description">
                        <InlineCode text={r.description} />
                      </p>
                      {r.fix !== undefined && (
                        <p class="rule-fix">
                          <strong>Fix:</strong> <InlineCode text={r.fix} />
                        </p>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        );
      })}
    </main>
  );
}
