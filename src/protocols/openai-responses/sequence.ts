// sequence_number discipline (R2): 0, 1, 2, … per response; WebSocket mode restarts at 0 for each
// response.create.
import type { FindingSink } from '../../model/finding';
import type { Frame } from '../../model/frame';
import { RESPONSES_RULES as R } from './rules';
import type { ResponseState } from './state';

export function checkSequence(resp: ResponseState, seq: unknown, type: string, frame: Frame, sink: FindingSink): void {
  if (typeof seq !== 'number' || !Number.isInteger(seq)) {
    if (!resp.missingSeqReported) {
      resp.missingSeqReported = true;
      sink.report(R.missingSequenceNumber, `${type} has no integer sequence_number; every Responses event carries one`, [frame.index]);
    }
    return;
  }
  const last = resp.lastSeq;
  if (last === undefined) {
    if (seq !== 0) {
      resp.sawGap = true;
      sink.report(R.sequenceGap, `the response's first event has sequence_number ${seq}, expected 0 (earlier events are not in the capture)`, [frame.index]);
    }
  } else if (seq <= last) {
    sink.report(R.sequenceOutOfOrder, `sequence_number ${seq} after ${last}; it must increase strictly`, [frame.index]);
    return;
  } else if (seq > last + 1) {
    resp.sawGap = true;
    sink.report(R.sequenceGap, `sequence_number jumped from ${last} to ${seq}; ${seq - last - 1} event(s) are not in the capture`, [frame.index]);
  }
  resp.lastSeq = seq;
}
