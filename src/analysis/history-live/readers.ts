// The protocols whose history a reloaded page reads back, each with its reader.
import { aguiHistoryReader } from './ag-ui';
import { flatBlockHistoryReader } from './flat-block';
import { langgraphHistoryReader } from './langgraph';
import type { HistoryReader } from './segments';

const READERS: readonly HistoryReader[] = [flatBlockHistoryReader, aguiHistoryReader, langgraphHistoryReader];

export function readerOf(protocol: string | undefined): HistoryReader | undefined {
  return READERS.find((r) => r.protocol === protocol);
}
