// The rules page as it renders: code in backticks as <code> elements (text, never markup), and each
// rule's fix under its description.
import { render } from 'preact';
import { describe, expect, it } from 'vitest';
import { protocols } from '../../protocols/registry';
import { ruleDocAnchor } from '../../model/rule-anchor';
import { InlineCode, inlineCodeParts } from './InlineCode';
import { RulesPage } from './RulesPage';

function mount(node: preact.ComponentChild): HTMLElement {
  const root = document.createElement('div');
  render(node, root);
  return root;
}

describe('the rules page', () => {
  const page = mount(<RulesPage />);
  const rules = protocols.flatMap((p) => p.rules);

  it('shows code in backticks as <code> elements, never the backticks', () => {
    const row = page.querySelector(`#${ruleDocAnchor('openai-chat/missing-done')}`);
    expect(row?.querySelector('.rule-description')?.textContent).toBe('The stream ended without data: [DONE].');
    expect([...(row?.querySelectorAll('.rule-description code') ?? [])].map((c) => c.textContent)).toEqual(['data: [DONE]']);
    const texts = [...page.querySelectorAll('.rule-description, .rule-fix')].map((p) => p.textContent ?? '');
    expect(texts.filter((t) => t.includes('`'))).toEqual([]);
    expect(page.querySelectorAll('.rule-description code').length).toBeGreaterThan(50);
  });

  it('says how to fix every rule, under its description', () => {
    for (const rule of rules) {
      const fix = page.querySelector(`#${ruleDocAnchor(rule.id)} .rule-fix`);
      expect(fix?.textContent, rule.id).toBe(`Fix: ${(rule.fix ?? '').replace(/`/g, '')}`);
    }
    const row = page.querySelector(`#${ruleDocAnchor('anthropic/loop-missing-tool-result')}`);
    expect([...(row?.querySelectorAll('.rule-fix code') ?? [])].map((c) => c.textContent)).toEqual(['tool_result', 'tool_use', 'is_error: true']);
  });
});

describe('inline code', () => {
  it('renders markup inside or outside backticks as text', () => {
    const root = mount(<InlineCode text={'a `<img src=x onerror="alert(1)">` b <b>c</b>'} />);
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('b')).toBeNull();
    expect(root.querySelector('code')?.textContent).toBe('<img src=x onerror="alert(1)">');
    expect(root.textContent).toBe('a <img src=x onerror="alert(1)"> b <b>c</b>');
  });

  it('keeps a backtick without its pair as text', () => {
    expect(inlineCodeParts('split on "\\n\\n" and `x` then ` alone')).toEqual([
      { text: 'split on "\\n\\n" and ', code: false },
      { text: 'x', code: true },
      { text: ' then ` alone', code: false },
    ]);
  });
});
