// The prompt of an AG-UI run: the last user message of `RunAgentInput.messages`.
import { promptFromField } from '../shared/request-prompt';

export const agUiPromptOf = promptFromField('messages');
