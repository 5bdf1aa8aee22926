// The rules page of the built extension (rules.html, where the panel's findings link): code in rule
// texts shows as <code>, not backticks, and every rule says how to fix it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { protocols } from '../../src/protocols/registry';
import { ruleDocAnchor } from '../../src/model/rule-anchor';
import { launchBrowser, type LaunchedBrowser } from './support/launch';

let browser: LaunchedBrowser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('the rules page in the extension', () => {
  it('renders inline code as <code> and a fix under every rule', async () => {
    const page = await browser.context.newPage();
    const anchor = ruleDocAnchor('openai-chat/missing-done');
    await page.goto(`chrome-extension://${browser.extensionId}/rules.html#${anchor}`);
    const row = page.locator(`[id="${anchor}"]`);
    await row.waitFor();
    expect(await row.locator('.rule-description code').allTextContents()).toEqual(['data: [DONE]']);
    expect(await row.locator('.rule-fix').textContent()).toBe('Fix: End the stream with data: [DONE].');
    const texts = await page.locator('.rule-description, .rule-fix').allTextContents();
    expect(texts.filter((t) => t.includes('`'))).toEqual([]);
    const rules = protocols.flatMap((p) => p.rules);
    expect(await page.locator('tr .rule-fix').count()).toBe(rules.length);
    await page.close();
  });
});
