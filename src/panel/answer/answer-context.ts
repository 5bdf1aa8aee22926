// What the rendering's approval and question cards need to answer from the panel: the store and the
// session shown. Absent (the cards stay inert) where the rendering is drawn without a live store.
import { createContext } from 'preact';
import type { PanelStore, SessionView } from '../store/store';

export interface AnswerScope {
  store: PanelStore;
  current: SessionView;
}

export const AnswerScopeContext = createContext<AnswerScope | undefined>(undefined);
