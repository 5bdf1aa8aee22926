// The prompt of a Chat Completions request: the last user message of `messages`.
import { promptFromField } from '../shared/request-prompt';

export const openaiChatPromptOf = promptFromField('messages');
