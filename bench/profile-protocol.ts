// Replays one protocol's bench fixture as fresh sessions, for profiling its pipeline:
// `node --import tsx --cpu-prof --cpu-prof-dir=DIR bench/profile-protocol.ts ag-ui [frames]`.
import { benchProtocols } from './protocols.bench';
import { protocols } from '../src/protocols/registry';
import type { ProtocolId } from '../src/protocols/types';

const id = process.argv[2] as ProtocolId;
if (!protocols.some((p) => p.id === id)) throw new Error(`unknown protocol ${process.argv[2] ?? ''}`);
const [r] = benchProtocols(Number(process.argv[3] ?? 300_000), 3, [id]);
console.log(r);
