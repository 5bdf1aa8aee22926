// The rules page the panel's findings link to (rules.html#<rule anchor>): every protocol's rule
// catalogue, read from the registry the panel itself uses, so it can never disagree with the findings.
import '@/src/bridge/zod-without-eval';
import { render } from 'preact';
import { RulesPage } from '@/src/panel/rules-page/RulesPage';
import '@/src/panel/rules-page/rules-page.css';

const root = document.getElementById('app');
if (root) {
  render(<RulesPage />, root);
  // The anchor's element exists only now that the page has rendered.
  const target = decodeURIComponent(location.hash.slice(1));
  if (target) document.getElementById(target)?.scrollIntoView();
}
