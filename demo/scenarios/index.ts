import * as approval from './approval';
import * as history from './history';
import * as normal from './normal';
import * as question from './question';
import * as reload from './reload';
import * as todos from './todos';
import type { ScenarioModule } from './types';

export const scenarios: readonly ScenarioModule[] = [normal, todos, approval, question, reload, history];

export function findScenario(id: unknown): ScenarioModule | undefined {
  return scenarios.find((s) => s.meta.id === id);
}
