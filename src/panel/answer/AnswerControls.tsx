// The live half of a pending approval or question card: whether its controls can answer from the panel
// (answer-target.ts), the line saying why not, or what became of the answer sent.
import { useContext } from 'preact/hooks';
import { AnswerScopeContext, type AnswerScope } from './answer-context';
import { answerStateOf, sendAnswer } from './answer-state';
import { answerProgress, answerTarget, type AnswerTarget } from './answer-target';

export interface LiveAnswer {
  scope: AnswerScope;
  target: AnswerTarget;
  /** Set once an answer was sent for this request (its controls then stay inert). */
  progress: ReturnType<typeof answerProgress> | undefined;
  /** Sends the reply's JSON text (nothing when the target is not live). */
  send(data: string | undefined): void;
}

/** The answer state of a pending request made in `frame` with protocol key `key`; undefined without a live store. */
export function useLiveAnswer(key: string, frame: number | undefined): LiveAnswer | undefined {
  const scope = useContext(AnswerScopeContext);
  if (!scope) return undefined;
  const state = answerStateOf(scope.store);
  const sent = state.sent.value.get(key);
  const target = answerTarget(scope.store, scope.current, frame);
  const progress = sent ? answerProgress(scope.store, sent) : undefined;
  return {
    scope,
    target,
    progress,
    send(data) {
      if (!target.live || data === undefined || (progress && progress.state !== 'refused')) return;
      sendAnswer(scope.store, key, target.connectionId, data);
    },
  };
}

/** Whether the card's controls take clicks. */
export function controlsLive(live: LiveAnswer | undefined): boolean {
  return live !== undefined && live.target.live && (live.progress === undefined || live.progress.state === 'refused');
}

/** The line under a pending card: why it cannot be answered here, or the answer's progress. */
export function AnswerNote({ live }: { live: LiveAnswer | undefined }) {
  if (!live) return null;
  if (live.progress) {
    return (
      <div class={`answer-note answer-${live.progress.state}`} data-testid="answer-progress" data-state={live.progress.state}>
        {live.progress.text}
      </div>
    );
  }
  if (live.target.live) return <div class="answer-note answer-live muted">Answering from the panel: the reply is sent on the page’s socket.</div>;
  return (
    <div class="answer-note answer-inert muted" data-testid="answer-inert">
      {live.target.reason}
    </div>
  );
}
