// The prompt of a v4 `useChat` request: the last user message of `messages` (`content`, or `parts`
// in ai 4.2+).
import { promptFromField } from '../shared/request-prompt';

export const aisdkDataPromptOf = promptFromField('messages');
