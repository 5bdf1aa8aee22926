// `npm run bench`: every measured ratio is ours against a baseline, measured in the same run.
import { benchFlatBlock } from './flat-block.bench';

function fmt(n: number, digits = 2): string {
  return n.toFixed(digits);
}

const flat = benchFlatBlock();
console.log(`flat-block, ${flat.events} events (best of 3):`);
console.log(`  JSON.parse alone            ${fmt(flat.jsonParseMs, 1)} ms`);
console.log(`  decode+validate+fold        ${fmt(flat.pipelineMs, 1)} ms`);
console.log(`  ratio                       ${fmt(flat.ratio)}x  (target <= 1.5x)`);
console.log(`  one append, first ${2000}     ${fmt(flat.appendStartUs, 3)} us`);
console.log(`  one append, last ${2000}      ${fmt(flat.appendEndUs, 3)} us`);
console.log(`  end / start                 ${fmt(flat.appendRatio)}x  (target ~1x)`);
console.log(`  findings on the clean session: ${flat.findings}`);
