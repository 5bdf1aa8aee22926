// The prompt of a Messages request: the last user message of `messages` with text (content a string
// or blocks; a turn of tool results only is not a prompt).
import { promptFromField } from '../shared/request-prompt';

export const anthropicPromptOf = promptFromField('messages');
