// The price table for the panel's cost figures, loaded once on first use (a chunk of its own: the table
// is large and nothing else needs it). Figures drawn before it arrives show tokens only; `version`
// changes when it arrives, so they are drawn again with the cost.
import { signal } from '@preact/signals';
import { loadPricer, type Pricer } from '../../analysis/usage/price';

let pricer: Pricer | undefined;
let asked = false;
/** Bumped when the table has loaded. */
export const pricerVersion = signal(0);

/** The pricer when loaded; asks for it the first time. */
export function panelPricer(): Pricer | undefined {
  if (!asked) {
    asked = true;
    loadPricer()
      .then((p) => {
        pricer = p;
        pricerVersion.value++;
      })
      // Without the table, costs stay unknown; tokens are still shown.
      .catch(() => undefined);
  }
  return pricer;
}
